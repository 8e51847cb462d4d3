export {
  HookPicker,
  HOOK_PICKER_MESSAGES,
  pickedTexts,
  useHookPicker,
  type GeneratedHook,
  type HookPickerMessages,
  type HookPickerProps,
  type HookPickerSelection,
  type HookPickerStatus,
} from './HookPicker.js';
