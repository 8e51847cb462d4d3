import { useId, useState, type ChangeEvent, type DragEvent } from 'react';
import { t } from '../../theme/tokens.js';
import { useThemeCheck } from '../../theme/ThemeProvider.js';
import { focusRingWideCss } from '../../primitives/css.js';
import { useStaticStyles } from '../../primitives/staticStyles.js';

export interface FileDropZoneProps {
  /** Visible label of the file field. */
  label: string;
  /** What to do, inside the zone: "Pilih file atau seret ke sini". */
  hint?: string;
  /** The file input's `accept` (extensions and content types). */
  accept?: string;
  /** Called with the chosen or dropped file (the first of several). */
  onFile: (file: File) => void;
  /** The file chosen so far, shown by name and size. */
  file?: { name: string; size: number } | null;
  /** Error text: marks the field invalid and is read with it. */
  error?: string | null;
  disabled?: boolean;
  /** Forces the drag-over look (stories); normally set while a file is dragged over. */
  dragging?: boolean;
  className?: string;
}

/**
 * A static sheet, not styled-components: an upload form ships no styled-components for its drop zone. One class per
 * rule, as specific as the styled rules were (the label's disabled cursor through the zone's `data-disabled`).
 */
const FILE_DROP_ZONE_CSS = `.cui-file-drop-zone {
  position: relative;
  display: grid;
  gap: ${t.space2};
  justify-items: center;
  padding: ${t.space6} ${t.space4};
  font-family: ${t.fontFamily};
  font-size: ${t.fontSizeMd};
  color: ${t.colorText};
  text-align: center;
  background: ${t.colorSurface};
  border: 2px dashed ${t.colorBorder};
  border-radius: ${t.radiusMd};
  min-width: 16rem;
}
.cui-file-drop-zone:focus-within {
  ${focusRingWideCss}
}
.cui-file-drop-zone[data-dragging] {
  border-color: ${t.colorPrimary};
  background: ${t.colorPrimarySoft};
}
.cui-file-drop-zone[data-invalid] {
  border-color: ${t.colorDanger};
}
.cui-file-drop-zone[data-disabled] {
  color: ${t.colorTextMuted};
  background: ${t.colorBg};
}
.cui-file-drop-zone__label {
  font-weight: 600;
  cursor: pointer;
}
.cui-file-drop-zone[data-disabled] .cui-file-drop-zone__label {
  cursor: not-allowed;
}
.cui-file-drop-zone__input {
  position: absolute;
  width: 1px;
  height: 1px;
  opacity: 0;
  overflow: hidden;
}
.cui-file-drop-zone__hint {
  font-size: ${t.fontSizeSm};
  color: ${t.colorTextMuted};
}
.cui-file-drop-zone__error {
  font-size: ${t.fontSizeSm};
  color: ${t.colorDanger};
}`;

/** A size as people read it, in id-ID digits: "812 B", "12,5 KB", "3,4 MB". */
export function formatFileSize(bytes: number, locale = 'id-ID'): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : 1;
  return `${value.toLocaleString(locale, { maximumFractionDigits: digits })} ${units[unit]}`;
}

/**
 * A file field that also takes a dropped file: a labelled native `<input type="file">` (keyboard and screen
 * readers), a dashed zone that highlights while a file is dragged over it, the chosen file's name and size,
 * error and disabled states.
 *
 * @example
 * ```tsx
 * <FileDropZone label="Ekspor Ads Manager" accept=".csv,.xlsx" file={file} onFile={setFile} />
 * ```
 */
export function FileDropZone({
  label,
  hint,
  accept,
  onFile,
  file,
  error,
  disabled = false,
  dragging,
  className,
}: FileDropZoneProps) {
  useThemeCheck('FileDropZone');
  useStaticStyles('file-drop-zone', FILE_DROP_ZONE_CSS);
  const inputId = `${useId()}-file`;
  const [over, setOver] = useState(false);
  const active = !disabled && (dragging ?? over);
  const describedBy = [error ? `${inputId}-error` : null, `${inputId}-hint`].filter(Boolean).join(' ');

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    if (chosen) onFile(chosen);
    // The same file chosen again still reports.
    event.target.value = '';
  };
  const handleDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (disabled) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  const handleDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    const dropped = event.dataTransfer.files[0];
    if (dropped) onFile(dropped);
  };

  return (
    <div
      className={['cui-file-drop-zone', className].filter(Boolean).join(' ')}
      data-dragging={active ? '' : undefined}
      data-invalid={error ? '' : undefined}
      data-disabled={disabled ? '' : undefined}
      onDragOver={handleDragOver}
      onDragEnter={handleDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={handleDrop}
    >
      <label htmlFor={inputId} className="cui-file-drop-zone__label">
        {label}
      </label>
      {/* Visually hidden but focusable and clickable through its label: the keyboard and screen readers use the
          native file field. */}
      <input
        id={inputId}
        type="file"
        accept={accept}
        disabled={disabled}
        onChange={handleChange}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="cui-file-drop-zone__input"
      />
      <span id={`${inputId}-hint`} className="cui-file-drop-zone__hint">
        {file ? `${file.name} · ${formatFileSize(file.size)}` : (hint ?? 'Pilih file atau seret ke sini')}
      </span>
      {error ? (
        <span id={`${inputId}-error`} role="alert" className="cui-file-drop-zone__error">
          {error}
        </span>
      ) : null}
    </div>
  );
}
