/**
 * The public API of console-ui, written out. Adding, renaming or removing an export fails this test on purpose:
 * update the list here in the same change, and record the change for the package's version (changesets) —
 * removals and renames are breaking for embedders.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as consoleUi from '@staff/console-ui';

const here = path.dirname(fileURLToPath(import.meta.url));
const libDir = path.resolve(here, '..');

/** Every value (component, hook, machine, constant, function) the package root exports, sorted. */
const RUNTIME_EXPORTS: string[] = [
  'APP_SHELL_COMPACT_BELOW',
  'AUDIT_ACTION_LABELS',
  'AppShell',
  'BOARD_MESSAGES',
  'Board',
  'Button',
  'CHART_MESSAGES',
  'CHAT_STATUS_LABELS',
  'CHAT_THREAD_MESSAGES',
  'CLASS_PREFIX',
  'CONFLICT_MESSAGE',
  'CONNECTION_STATUS_LABELS',
  'CONNECT_TIMEOUT_MS',
  'Chart',
  'ChatThread',
  'ConfirmDialog',
  'ConnectionStatus',
  'ConsoleMessagesProvider',
  'ConsoleThemeProvider',
  'DATA_TABLE_MESSAGES',
  'DATE_RANGE_PICKER_MESSAGES',
  'DATE_RANGE_PRESETS',
  'DEFAULT_MAX_RECONNECT_ATTEMPTS',
  'DEFAULT_NEAR_LIMIT_RATIO',
  'DEFAULT_NOTIFICATION_TIMEOUT_MS',
  'DEFAULT_OTP_LENGTH',
  'DEFAULT_STORED_USER_KEY',
  'DELTA_CHIP_MESSAGES',
  'DataTable',
  'DateRangePicker',
  'DeltaChip',
  'EMPTY_FILTER',
  'FILTER_BAR_MESSAGES',
  'FOCUSABLE_SELECTOR',
  'FieldFilterEditor',
  'FilterBar',
  'INVALID_NUMBER_TEXT',
  'KPI_CARD_MESSAGES',
  'KpiCard',
  'LIVE_RELOAD_MS',
  'LOGIN_BUTTON_LABELS',
  'LOGIN_FORM_DEFAULT_PRODUCT',
  'LOGIN_FORM_DEFAULT_VERSION',
  'LOGIN_FORM_INTRO',
  'LOGIN_FORM_MESSAGES',
  'LOGIN_GENERIC_ERROR',
  'LOGIN_SUCCESS_HOLD_MS',
  'LOGISTICS_PRESETS',
  'LOGISTICS_WINDOW_DAYS',
  'LoginForm',
  'MARKDOWN_TEXT_MESSAGES',
  'MarkdownText',
  'MoneyInput',
  'NUMBER_LOCALE',
  'Notification',
  'NotificationViewport',
  'NotificationsProvider',
  'NumberText',
  'OTP_DIGITS',
  'OtpInput',
  'PACKAGING_PRESET',
  'PAGE_DENIED_MESSAGE',
  'PAGE_GUARD_DELAYS',
  'PERMISSION_REFRESH_DELAYS',
  'PROBLEM_STATUS_MOVES',
  'PROBLEM_STATUS_ORDER',
  'Pagination',
  'PermissionGuard',
  'PermissionGuardDenied',
  'PermissionGuardError',
  'PermissionGuardLoading',
  'PlainLink',
  'REALTIME_SOCKET_OPTIONS',
  'RECEIPT_CONFIRMATION_PRESET',
  'RECONNECT_DELAY_INITIAL_MS',
  'RECONNECT_DELAY_MAX_MS',
  'RECORD_HISTORY_MESSAGES',
  'REPORT_TABLE_MESSAGES',
  'RESOURCE_FORM_MESSAGES',
  'ROOM_SCHEDULE_MESSAGES',
  'RecordHistory',
  'RelationSelect',
  'ReportTable',
  'ResourceForm',
  'RoomSchedule',
  'SIDEBAR_MESSAGES',
  'START_REDIRECT_MS',
  'START_SCREEN_LABEL',
  'START_SCREEN_TARGETS',
  'SecretInput',
  'Sidebar',
  'StartScreen',
  'TagsInput',
  'TextArea',
  'ThemeProvider',
  'VENN_CIRCLE_MAX_SETS',
  'VENN_DIAGRAM_MESSAGES',
  'VennDiagram',
  'VisuallyHidden',
  'addDays',
  'allPresets',
  'buildChartOption',
  'buttonCss',
  'charCount',
  'clickedCategory',
  'columnsFromFields',
  'createLoginActor',
  'createSearchParamsCodec',
  'createVerifyCodeActor',
  'darkTokens',
  'dateRangeFromPreset',
  'daysInRange',
  'describeTerm',
  'fieldCondition',
  'filterKind',
  'filterPresetsMachine',
  'filterTerms',
  'filterableFields',
  'focusableIn',
  'formatDate',
  'formatDateTime',
  'formatDayRange',
  'formatDelta',
  'formatFieldValue',
  'formatIdr',
  'formatLastLogin',
  'formatMeasure',
  'formatMonth',
  'formatNumber',
  'groupDigits',
  'groupOfPath',
  'isFilterGroup',
  'isFilterPreset',
  'isIsoDay',
  'isLoginChallenge',
  'isStoredUser',
  'jakartaDay',
  'lastLoginDateTime',
  'legacyTokenVar',
  'lightTokens',
  'loginButtonMachine',
  'loginErrorMessage',
  'maskSecret',
  'matchesFilter',
  'matchesPreset',
  'nextReportSort',
  'nextSort',
  'optionLabel',
  'pageGuardMachine',
  'pageSummary',
  'parseMarkdownBlocks',
  'percentChange',
  'permissionErrorText',
  'permissionRefreshMachine',
  'presetRange',
  'presetView',
  'previousRange',
  'problemStatusMachine',
  'problemStatusMoveBetween',
  'readStoredUser',
  'readableKeys',
  'realtimeConnectionMachine',
  'reconnectDelayMs',
  'regionLabel',
  'removeTerm',
  'renderFieldCell',
  'roomAvailability',
  'samePath',
  'sessionMachine',
  'setFieldCondition',
  'setsOf',
  'sortReportRows',
  'sortRows',
  'startScreenMachine',
  't',
  'toCallError',
  'toNumericString',
  'tokenVar',
  'tokensToCssVars',
  'useCharCounter',
  'useControllableState',
  'useDataTable',
  'useDismissable',
  'useDocumentTitle',
  'useFocusTrap',
  'useListController',
  'useLoginForm',
  'useMessages',
  'useNotifications',
  'useOtpInput',
  'usePermission',
  'useResourceForm',
  'useSidebarMenu',
  'useStartScreen',
  'useThemeCheck',
  'useThemeMode',
  'useVirtualRows',
  'userPresetId',
  'vennShapes',
  'viewEqualsPreset',
  'visibleMenuGroups',
  'visuallyHiddenCss',
];

/** Every type-only export (props, adapter types, machine context/event types…), sorted. */
const TYPE_EXPORTS: string[] = [
  'AppShellLayout',
  'AppShellProps',
  'AuditAction',
  'AuditChange',
  'AuditEntry',
  'BaseListView',
  'BoardCard',
  'BoardColumn',
  'BoardMessages',
  'BoardProps',
  'ButtonKind',
  'ButtonProps',
  'CallError',
  'CharCounter',
  'CharLimitStatus',
  'ChartData',
  'ChartKind',
  'ChartMessages',
  'ChartOption',
  'ChartProps',
  'ChartSeries',
  'ChatDeliveryStatus',
  'ChatTemplateOption',
  'ChatThreadMessage',
  'ChatThreadMessages',
  'ChatThreadProps',
  'CheckPermissionFn',
  'CheckSessionFn',
  'ConfirmDialogProps',
  'ConnectionState',
  'ConnectionStatusProps',
  'ConsoleMessagesOverrides',
  'ConsoleMessagesProviderProps',
  'ConsoleThemeProviderProps',
  'ContainsCondition',
  'DataProvider',
  'DataTableColumn',
  'DataTableMessages',
  'DataTableProps',
  'DataTableState',
  'DateRangePickerMessages',
  'DateRangePickerProps',
  'DateRangePickerValue',
  'DateRangePreset',
  'DateRangeValue',
  'DayRange',
  'DeltaChipMessages',
  'DeltaChipProps',
  'Draft',
  'Drafts',
  'EqualsCondition',
  'FieldErrors',
  'FieldFormatOptions',
  'FilterBarMessages',
  'FilterBarProps',
  'FilterCondition',
  'FilterGroup',
  'FilterKind',
  'FilterOperator',
  'FilterPreset',
  'FilterPresetsActor',
  'FilterPresetsContext',
  'FilterPresetsEvent',
  'FilterPresetsInput',
  'FilterRow',
  'FilterScalar',
  'FilterTerm',
  'FilterView',
  'FormValues',
  'FormatLastLoginOptions',
  'FormatNumberOptions',
  'InCondition',
  'IsEmptyCondition',
  'KeysetPagination',
  'KpiCardMessages',
  'KpiCardProps',
  'LinkRenderer',
  'LinkRendererProps',
  'ListController',
  'ListControllerOptions',
  'ListPresetsOptions',
  'ListResult',
  'ListStatus',
  'LoadOptions',
  'LoadPermissionsFn',
  'LoadUserPresetsInput',
  'LocationAdapter',
  'LoginButtonContext',
  'LoginButtonEvent',
  'LoginButtonSnapshot',
  'LoginChallenge',
  'LoginCredentials',
  'LoginFn',
  'LoginFormMessages',
  'LoginFormProps',
  'LoginFormSeed',
  'LoginFormStatus',
  'MarkdownTextMessages',
  'MarkdownTextProps',
  'MeasureFormat',
  'MeasureTrend',
  'MoneyInputProps',
  'MoveProblemInput',
  'NavigateFn',
  'NotificationItem',
  'NotificationProps',
  'NotificationType',
  'NotificationsApi',
  'NotificationsProviderProps',
  'NotifyOptions',
  'NumberTextProps',
  'OtpBoxProps',
  'OtpInputProps',
  'PageGuardContext',
  'PageGuardEmitted',
  'PageGuardEvent',
  'PageGuardInput',
  'PageGuardOutcome',
  'PaginationProps',
  'PermissionEntry',
  'PermissionGuardErrorProps',
  'PermissionGuardProps',
  'PermissionRefreshContext',
  'PermissionRefreshEmitted',
  'PermissionRefreshEvent',
  'PermissionRefreshInput',
  'PermissionState',
  'PermissionStatus',
  'PersistUserPresetsInput',
  'PreloadedList',
  'ProblemStatusContext',
  'ProblemStatusEvent',
  'ProblemStatusInput',
  'ProblemStatusMove',
  'ProblemStatusValue',
  'RangeCondition',
  'RealtimeConnectionContext',
  'RealtimeConnectionEvent',
  'RealtimeConnectionInput',
  'RealtimeConnectionState',
  'RealtimeSocketAdapter',
  'RealtimeStatusEvent',
  'RealtimeTransport',
  'RecordHistoryMessages',
  'RecordHistoryProps',
  'RelationLabels',
  'RelationSelectProps',
  'ReportSort',
  'ReportTableColumn',
  'ReportTableMessages',
  'ReportTableProps',
  'ReportTableRow',
  'ReportValue',
  'ResourceField',
  'ResourceFieldOption',
  'ResourceFieldType',
  'ResourceFormConflict',
  'ResourceFormMessages',
  'ResourceFormMode',
  'ResourceFormProps',
  'ResourceRow',
  'RoomAvailability',
  'RoomScheduleMessages',
  'RoomScheduleProps',
  'RoomScheduleView',
  'SavedView',
  'SavedViewsAdapter',
  'ScheduleBooking',
  'ScheduleRoom',
  'SearchParamsCodecOptions',
  'SecretDraft',
  'SecretInputProps',
  'SessionContext',
  'SessionEmitted',
  'SessionEvent',
  'SessionInput',
  'SessionLogger',
  'SidebarMenuGroup',
  'SidebarMenuItem',
  'SidebarMenuState',
  'SidebarMessages',
  'SidebarProps',
  'SidebarUser',
  'SignedOutReason',
  'SortDirection',
  'SortState',
  'StartScreenContext',
  'StartScreenInput',
  'StartScreenOutput',
  'StartScreenProps',
  'StorageAdapter',
  'StoredListView',
  'StoredUser',
  'SubmitAttempt',
  'TagsInputProps',
  'TextAreaProps',
  'ThemeMode',
  'ThemeProviderProps',
  'ThemeTokens',
  'UseCharCounterOptions',
  'UseDataTableOptions',
  'UseDismissableOptions',
  'UseLoginFormOptions',
  'UseLoginFormResult',
  'UseOtpInputOptions',
  'UseOtpInputResult',
  'UsePermissionOptions',
  'UseResourceFormOptions',
  'UseSidebarMenuOptions',
  'UseStartScreenOptions',
  'UseStartScreenResult',
  'VennDiagramMessages',
  'VennDiagramProps',
  'VennRegionInfo',
  'VennSetInfo',
  'VennShapes',
  'VerifyCodeFn',
  'ViewCodec',
  'VirtualRows',
  'VirtualRowsOptions',
  'WithinLastDaysCondition',
];

const PEERS = ['@xstate/react', 'echarts', 'react', 'react-dom', 'styled-components', 'xstate'];
/** Peers only some components need: ECharts for the Chart alone (loaded when a chart is first shown). */

/** Names exported by src/index.ts as TypeScript sees them (values and types), through every `export *`. */
function declaredExports(): string[] {
  const entry = path.join(libDir, 'src/index.ts');
  const program = ts.createProgram([entry], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  if (!moduleSymbol) throw new Error('src/index.ts is not a module');
  return checker.getExportsOfModule(moduleSymbol).map((symbol) => symbol.getName());
}

describe('public API of @staff/console-ui', () => {
  it('exports exactly these values', () => {
    expect(Object.keys(consoleUi).sort()).toEqual(RUNTIME_EXPORTS);
  });

  it('exports exactly these types', () => {
    const values = new Set(Object.keys(consoleUi));
    const types = declaredExports()
      .filter((name) => !values.has(name))
      .sort();
    expect(types).toEqual(TYPE_EXPORTS);
  });

  it('lists each name once, in sorted order', () => {
    for (const list of [RUNTIME_EXPORTS, TYPE_EXPORTS]) {
      expect(list).toEqual([...new Set(list)].sort());
    }
  });
});

describe('package.json of @staff/console-ui', () => {
  const pkg = JSON.parse(readFileSync(path.join(libDir, 'package.json'), 'utf8')) as {
    type: string;
    sideEffects: unknown;
    main: string;
    module: string;
    types: string;
    files: string[];
    exports: Record<string, unknown>;
    dependencies?: Record<string, string>;
    peerDependencies: Record<string, string>;
    peerDependenciesMeta?: Record<string, { optional?: boolean }>;
    devDependencies: Record<string, string>;
    scripts: Record<string, string>;
  };

  it('declares no side effects, so bundlers drop what an embedder does not import', () => {
    expect(pkg.sideEffects).toBe(false);
  });

  it('declares no optional peers: bundlers resolve the dynamic import of echarts in Chart at build time', () => {
    expect(pkg.peerDependenciesMeta).toBeUndefined();
  });

  it('has react, react-dom, styled-components, xstate and @xstate/react and echarts as peers, and no dependencies', () => {
    expect(Object.keys(pkg.peerDependencies).sort()).toEqual(PEERS);
    expect(pkg.dependencies ?? {}).toEqual({});
    // The peers are installed for development at versions inside the declared ranges' major.
    for (const peer of PEERS) {
      const major = /\d+/.exec(pkg.peerDependencies[peer] as string)?.[0];
      expect(pkg.devDependencies[peer], peer).toMatch(new RegExp(`^${major}\\.`));
    }
  });

  it('maps import to ESM and require to CJS, each with its own declarations listed first', () => {
    expect(pkg.type).toBe('module');
    expect(pkg.exports).toEqual({
      '.': {
        import: { types: './dist/index.d.ts', default: './dist/index.js' },
        require: { types: './dist/index.d.cts', default: './dist/index.cjs' },
      },
      './package.json': './package.json',
    });
    const root = pkg.exports['.'] as Record<string, Record<string, string>>;
    expect(Object.keys(root.import ?? {})[0]).toBe('types');
    expect(Object.keys(root.require ?? {})[0]).toBe('types');
    // Fields for tools that predate `exports`.
    expect({ main: pkg.main, module: pkg.module, types: pkg.types }).toEqual({
      main: './dist/index.cjs',
      module: './dist/index.js',
      types: './dist/index.d.ts',
    });
  });

  it('publishes only the build and the README', () => {
    expect(pkg.files.sort()).toEqual(['README.md', 'dist']);
    expect(pkg.scripts.build).toContain('tsup');
  });
});
