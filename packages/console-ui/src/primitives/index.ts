export { Button, buttonCss, type ButtonKind, type ButtonProps } from './Button.js';
export { VisuallyHidden } from './VisuallyHidden.js';
export { visuallyHiddenCss } from './css.js';
export { useControllableState } from './useControllableState.js';
export { useDismissable, type UseDismissableOptions } from './useDismissable.js';
export { FOCUSABLE_SELECTOR, focusableIn, useFocusTrap } from './useFocusTrap.js';
export { CheckboxOptions, type CheckboxOption, type CheckboxOptionsProps } from './CheckboxOptions.js';
