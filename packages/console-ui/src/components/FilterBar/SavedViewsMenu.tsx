import { useId, useState } from 'react';
import { Popover } from './FilterPopover.js';
import { useFilterBarMessages } from './messages.js';
import type { SavedView } from './filterBarTypes.js';

export interface SavedViewsMenuProps {
  views: SavedView[];
  activeViewId: string | null;
  onSelect?: (view: SavedView) => void;
  onSave?: (view: { name: string; shared: boolean }) => void;
  onShare?: (id: string, shared: boolean) => void;
  onDelete?: (id: string) => void;
}

/** The saved views popover: pick, share, delete and save the current view. */
export function SavedViewsMenu({
  views,
  activeViewId,
  onSelect,
  onSave,
  onShare,
  onDelete,
}: SavedViewsMenuProps) {
  const m = useFilterBarMessages();
  const id = useId();
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const active = views.find((view) => view.id === activeViewId);
  return (
    <Popover triggerLabel={active ? m.activeView(active.name) : m.savedViews} dialogLabel={m.savedViews}>
      {(close) => (
        <div className="cui-saved-views">
          {views.length === 0 ? <p className="cui-saved-views-empty">{m.noSavedViews}</p> : null}
          {views.length > 0 ? (
            <ul aria-label={m.savedViews}>
              {views.map((view) => {
                const mine = view.mine !== false;
                return (
                  <li key={view.id} data-active={view.id === activeViewId ? '' : undefined}>
                    <button
                      type="button"
                      className="cui-menu-item"
                      aria-current={view.id === activeViewId ? 'true' : undefined}
                      onClick={() => {
                        onSelect?.(view);
                        close();
                      }}
                    >
                      {view.name}
                      {!mine && view.owner ? (
                        <span className="cui-saved-views-owner"> · {view.owner}</span>
                      ) : null}
                    </button>
                    {mine && onShare ? (
                      <label className="cui-saved-views-share">
                        <input
                          type="checkbox"
                          role="switch"
                          checked={view.shared}
                          aria-label={m.shareView(view.name)}
                          onChange={(event) => onShare(view.id, event.target.checked)}
                        />
                        {m.shared}
                      </label>
                    ) : (
                      <span className="cui-saved-views-badge">{view.shared ? m.shared : m.private}</span>
                    )}
                    {mine && onDelete ? (
                      <button
                        type="button"
                        className="cui-button"
                        data-kind="danger"
                        aria-label={m.deleteView(view.name)}
                        onClick={() => onDelete(view.id)}
                      >
                        {m.delete}
                      </button>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          ) : null}
          {onSave ? (
            <form
              className="cui-saved-views-save"
              aria-label={m.saveCurrentView}
              onSubmit={(event) => {
                event.preventDefault();
                if (name.trim() === '') return;
                onSave({ name: name.trim(), shared });
                setName('');
                setShared(false);
                close();
              }}
            >
              <label htmlFor={`${id}-name`}>{m.saveViewAs}</label>
              <input
                id={`${id}-name`}
                type="text"
                value={name}
                onChange={(event) => setName(event.target.value)}
              />
              <label>
                <input
                  type="checkbox"
                  checked={shared}
                  onChange={(event) => setShared(event.target.checked)}
                />
                {m.shareWithEveryone}
              </label>
              <button type="submit" className="cui-button" data-kind="primary" disabled={name.trim() === ''}>
                {m.saveView}
              </button>
            </form>
          ) : null}
        </div>
      )}
    </Popover>
  );
}
