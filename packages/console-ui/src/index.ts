// The one public door of console-ui. The exports test (test/exports.test.ts) fails when this list changes.
export * from './adapters.js';
export * from './theme/index.js';
export * from './machines/index.js';
export * from './components/AppShell/index.js';
export * from './components/ConnectionStatus/index.js';
export * from './components/LoginForm/index.js';
export * from './components/Notifications/index.js';
export * from './components/NumberText/index.js';
export * from './components/OtpInput/index.js';
export * from './components/PermissionGuard/index.js';
export * from './components/Sidebar/index.js';
export * from './components/StartScreen/index.js';
export * from './components/TextArea/index.js';
export {
  FIELD_VALUE_WORDS,
  formatDate,
  formatDateTime,
  formatFieldValue,
  formatMonth,
  maskSecret,
  optionLabel,
  type DateRangeValue,
  type FieldValueWords,
  type FormatOptions as FieldFormatOptions,
  type ResourceField,
  type ResourceFieldOption,
  type ResourceFieldType,
  type ResourceRow,
} from './resource.js';
export * from './components/ConfirmDialog/index.js';
export * from './components/BulkOutcomes/index.js';
export * from './components/CommandPalette/index.js';
export * from './components/DataTable/index.js';
export * from './components/FilterBar/index.js';
export * from './components/RecordHistory/index.js';
export * from './components/ResourceForm/index.js';
export * from './components/DeltaChip/index.js';
export * from './components/ReportTable/index.js';
export * from './components/KpiCard/index.js';
export * from './components/Chart/index.js';
export * from './components/DateRangePicker/index.js';
export * from './components/VennDiagram/index.js';
export * from './components/Board/index.js';
export * from './components/BotLogin/index.js';
export * from './components/RoomSchedule/index.js';
export * from './components/MarkdownText/index.js';
export * from './components/HookPicker/index.js';
export * from './components/ChatThread/index.js';
export * from './components/FileDropZone/index.js';
export * from './components/ProgressBar/index.js';
export * from './components/CreativePreview/index.js';
export * from './list/index.js';
export * from './primitives/index.js';
export * from './i18n/index.js';
