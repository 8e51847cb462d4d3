import { useEffect, useId, useRef, useState } from 'react';
import { useSelector } from '@xstate/react';
import { allPresets } from '../../machines/filterPresets.machine.js';
import { filterTerms } from './filterModel.js';
import { useFilterBarMessages } from './messages.js';
import type { FilterPresetsActor } from './filterBarTypes.js';

/** The preset select, "Modified", reset, save and delete, driven by a filterPresets actor. */
export function PresetControls({ actor }: { actor: FilterPresetsActor }) {
  const m = useFilterBarMessages();
  const snapshot = useSelector(actor, (s) => s);
  const id = useId();
  const [saving, setSaving] = useState(false);
  const [name, setName] = useState('');
  const loading = snapshot.hasTag('loading');
  const modified = snapshot.hasTag('modified');
  const { activePresetId, builtInPresets, userPresets, error } = snapshot.context;
  const active = allPresets(snapshot.context).find((preset) => preset.id === activePresetId);
  const canDelete = snapshot.can({ type: 'PRESET.DELETE' });
  const canSave = snapshot.can({ type: 'PRESET.SAVE', name });
  // A preset chosen over filters the user set is asked about, never applied silently over them.
  const [pendingId, setPendingId] = useState<string | null>(null);
  const pending = allPresets(snapshot.context).find((preset) => preset.id === pendingId);
  const ownTerms = filterTerms(snapshot.context.view.filter).length;
  // Filters are the user's own when no preset set them, or they changed what the preset set (columns aside).
  const hasOwnFilters =
    ownTerms > 0 &&
    (!active || JSON.stringify(snapshot.context.view.filter) !== JSON.stringify(active.filter));
  const replaceRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (pending) replaceRef.current?.focus();
  }, [pending]);

  return (
    <span
      className="cui-filter-presets"
      data-state={loading ? 'loading' : modified ? 'modified' : active ? 'preset' : 'custom'}
    >
      <label htmlFor={`${id}-preset`}>{m.preset}</label>
      <select
        id={`${id}-preset`}
        value={activePresetId ?? ''}
        disabled={loading}
        onChange={(event) => {
          const chosen = event.target.value;
          if (chosen === '') actor.send({ type: 'FILTER.CLEAR' });
          else if (hasOwnFilters) setPendingId(chosen);
          else actor.send({ type: 'PRESET.SELECT', id: chosen });
        }}
      >
        <option value="">{loading ? m.loadingPresets : m.noPreset}</option>
        {builtInPresets.length > 0 ? (
          <optgroup label={m.builtIn}>
            {builtInPresets.map((preset) => (
              <option key={preset.id} value={preset.id}>
                {preset.name}
              </option>
            ))}
          </optgroup>
        ) : null}
        {userPresets.length > 0 ? (
          <optgroup label={m.myPresets}>
            {userPresets.map((preset) => (
              <option key={preset.id} value={preset.id}>
                {preset.name}
              </option>
            ))}
          </optgroup>
        ) : null}
      </select>
      {pending ? (
        <span className="cui-filter-presets-confirm" role="group" aria-label={`${m.preset}: ${pending.name}`}>
          <span>{m.replaceFilters(pending.name, ownTerms)}</span>
          <button
            ref={replaceRef}
            type="button"
            className="cui-button"
            data-kind="primary"
            onClick={() => {
              actor.send({ type: 'PRESET.SELECT', id: pending.id });
              setPendingId(null);
            }}
          >
            {m.replace}
          </button>
          <button type="button" className="cui-button" onClick={() => setPendingId(null)}>
            {m.keepFilters}
          </button>
        </span>
      ) : null}
      {modified ? (
        <>
          <span className="cui-filter-presets-modified">{m.modified}</span>
          <button type="button" className="cui-button" onClick={() => actor.send({ type: 'FILTER.RESET' })}>
            {m.resetTo(active?.name ?? '')}
          </button>
        </>
      ) : null}
      {active?.approximated ? (
        <span role="note" className="cui-filter-presets-approximated">
          {m.presetApproximated(active.name)}
        </span>
      ) : null}
      {canDelete && active ? (
        <button type="button" className="cui-button" onClick={() => actor.send({ type: 'PRESET.DELETE' })}>
          {m.deletePreset(active.name)}
        </button>
      ) : null}
      {saving ? (
        <form
          className="cui-filter-presets-save"
          aria-label={m.savePreset}
          onSubmit={(event) => {
            event.preventDefault();
            if (!canSave) return;
            actor.send({ type: 'PRESET.SAVE', name });
            setName('');
            setSaving(false);
          }}
        >
          <label htmlFor={`${id}-name`}>{m.presetName}</label>
          <input
            id={`${id}-name`}
            type="text"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <button type="submit" className="cui-button" data-kind="primary" disabled={!canSave}>
            {m.savePreset}
          </button>
          <button type="button" className="cui-button" onClick={() => setSaving(false)}>
            {m.cancel}
          </button>
        </form>
      ) : (
        <button type="button" className="cui-button" disabled={loading} onClick={() => setSaving(true)}>
          {m.saveAsPreset}
        </button>
      )}
      {snapshot.hasTag('saving') ? (
        <span role="status" className="cui-filter-presets-status">
          {m.savingPresets}
        </span>
      ) : null}
      {error ? (
        <span role="alert" className="cui-filter-presets-error">
          {m.presetsError(error)}
          {snapshot.can({ type: 'PERSIST.RETRY' }) ? (
            <button
              type="button"
              className="cui-button"
              onClick={() => actor.send({ type: 'PERSIST.RETRY' })}
            >
              {m.retry}
            </button>
          ) : null}
        </span>
      ) : null}
    </span>
  );
}
