export {
  COMMAND_PALETTE_MESSAGES,
  CommandPalette,
  filterPaletteItems,
  useCommandPalette,
  type CommandPaletteItem,
  type CommandPaletteMessages,
  type CommandPaletteProps,
  type CommandPaletteRecordsState,
  type UseCommandPaletteOptions,
} from './CommandPalette.js';
