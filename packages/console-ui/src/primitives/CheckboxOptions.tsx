export interface CheckboxOption {
  value: string;
  label: string;
}

export interface CheckboxOptionsProps {
  options: readonly CheckboxOption[];
  /** The ticked values. */
  value: readonly string[];
  /** The ticked values after a box is ticked (added at the end) or cleared. */
  onValueChange: (next: string[]) => void;
}

/**
 * One labelled checkbox per option, for a `<fieldset>` the caller lays out (its legend, its grid, `disabled`).
 *
 * @example
 * ```tsx
 * <fieldset><legend>Permission sets</legend>
 *   <CheckboxOptions options={sets} value={chosen} onValueChange={setChosen} />
 * </fieldset>
 * ```
 */
export function CheckboxOptions({ options, value, onValueChange }: CheckboxOptionsProps) {
  return (
    <>
      {options.map((option) => (
        <label key={option.value}>
          <input
            type="checkbox"
            checked={value.includes(option.value)}
            onChange={(event) =>
              onValueChange(
                event.target.checked
                  ? [...value, option.value]
                  : value.filter((item) => item !== option.value),
              )
            }
          />{' '}
          {option.label}
        </label>
      ))}
    </>
  );
}
