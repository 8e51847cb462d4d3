import { useMessages } from '../../theme/messagesContext.js';

/** Every visible string of the FilterBar and its editors (English defaults). */
export interface FilterBarMessages {
  label: string;
  search: string;
  searchPlaceholder: string;
  activeFilters: string;
  clearAll: string;
  addFilter: string;
  fields: string;
  editFilter: (text: string) => string;
  filterField: (field: string) => string;
  removeFilter: (text: string) => string;
  isAnyOf: (field: string) => string;
  chosen: (field: string) => string;
  removeValue: (value: string) => string;
  addValue: (field: string) => string;
  contains: (field: string) => string;
  any: string;
  yes: string;
  no: string;
  between: (field: string) => string;
  from: string;
  to: string;
  isEmpty: string;
  isNotEmpty: string;
  rangeNumbers: string;
  back: string;
  apply: string;
  cancel: string;
  retry: string;
  delete: string;
  preset: string;
  loadingPresets: string;
  noPreset: string;
  builtIn: string;
  myPresets: string;
  modified: string;
  resetTo: (preset: string) => string;
  deletePreset: (preset: string) => string;
  savePreset: string;
  presetName: string;
  saveAsPreset: string;
  savingPresets: string;
  presetsError: (error: string) => string;
  /** A preset stored by an older version whose filter could only be approximated (it may show more rows). */
  presetApproximated: (preset: string) => string;
  savedViews: string;
  activeView: (view: string) => string;
  noSavedViews: string;
  shareView: (view: string) => string;
  shared: string;
  private: string;
  deleteView: (view: string) => string;
  saveCurrentView: string;
  saveViewAs: string;
  shareWithEveryone: string;
  saveView: string;
  /** Asked before a chosen preset replaces filters the user set themselves. */
  replaceFilters: (preset: string, count: number) => string;
  replace: string;
  keepFilters: string;
  /** The button that shows the filters on a narrow bar, with how many are set. */
  showFilters: (active: number) => string;
  /** What a chip says of its condition (`yes` / `no` are the ones above). */
  chip: FilterChipTexts;
}

/** The words of a filter chip's text: "City contains “band”", "Status: Waiting or Date sent is empty". */
export interface FilterChipTexts {
  contains: (field: string, value: string) => string;
  isEmpty: (field: string) => string;
  isNotEmpty: (field: string) => string;
  withinLastDays: (field: string, days: number) => string;
  /** Between the conditions of a preset's group that matches any of them, or all. */
  or: string;
  and: string;
  /** A preset's group of conditions, in the chip's remove button ("Remove filter preset conditions"). */
  presetConditions: string;
}

export const FILTER_CHIP_TEXTS: FilterChipTexts = {
  contains: (field, value) => `${field} contains “${value}”`,
  isEmpty: (field) => `${field} is empty`,
  isNotEmpty: (field) => `${field} is not empty`,
  withinLastDays: (field, days) => `${field} within the last ${days} days`,
  or: ' or ',
  and: ' and ',
  presetConditions: 'preset conditions',
};

export const FILTER_BAR_MESSAGES: FilterBarMessages = {
  label: 'Filters',
  search: 'Search',
  searchPlaceholder: 'Search…',
  activeFilters: 'Active filters',
  clearAll: 'Clear all',
  addFilter: 'Add filter',
  fields: 'Fields',
  editFilter: (text) => `Edit filter: ${text}`,
  filterField: (field) => `Filter ${field}`,
  removeFilter: (text) => `Remove filter ${text}`,
  isAnyOf: (field) => `${field} is any of`,
  chosen: (field) => `Chosen ${field}`,
  removeValue: (value) => `Remove ${value}`,
  addValue: (field) => `Add ${field}`,
  contains: (field) => `${field} contains`,
  any: 'Any',
  yes: 'Yes',
  no: 'No',
  between: (field) => `${field} between`,
  from: 'From',
  to: 'To',
  isEmpty: 'Is empty',
  isNotEmpty: 'Is not empty',
  rangeNumbers: 'Enter numbers for the range',
  back: 'Back',
  apply: 'Apply',
  cancel: 'Cancel',
  retry: 'Retry',
  delete: 'Delete',
  preset: 'Preset',
  loadingPresets: 'Loading presets…',
  noPreset: 'No preset',
  builtIn: 'Built-in',
  myPresets: 'My presets',
  modified: 'Modified',
  resetTo: (preset) => `Reset to ${preset}`,
  deletePreset: (preset) => `Delete preset ${preset}`,
  savePreset: 'Save preset',
  presetName: 'Preset name',
  saveAsPreset: 'Save as preset…',
  savingPresets: 'Saving presets…',
  presetsError: (error) => `Presets: ${error}`,
  presetApproximated: (preset) =>
    `“${preset}” was saved by an older version and could only be approximated: it may show more rows than before. Save it again to keep it as it is now.`,
  savedViews: 'Saved views',
  activeView: (view) => `View: ${view}`,
  noSavedViews: 'No saved views yet',
  shareView: (view) => `Share ${view}`,
  shared: 'Shared',
  private: 'Private',
  deleteView: (view) => `Delete view ${view}`,
  saveCurrentView: 'Save current view',
  saveViewAs: 'Save current view as',
  shareWithEveryone: 'Share with everyone who can read this list',
  saveView: 'Save view',
  replaceFilters: (preset, count) =>
    `“${preset}” replaces the ${count === 1 ? 'filter' : `${count} filters`} you set. Replace ${count === 1 ? 'it' : 'them'}?`,
  replace: 'Replace',
  keepFilters: 'Keep mine',
  showFilters: (active) => (active > 0 ? `Filter (${active})` : 'Filter'),
  chip: FILTER_CHIP_TEXTS,
};

export const useFilterBarMessages = () => useMessages('filterBar', FILTER_BAR_MESSAGES);
