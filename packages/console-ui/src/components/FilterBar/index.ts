export {
  FILTER_BAR_MESSAGES,
  FilterBar,
  FieldFilterEditor,
  type FilterBarMessages,
  type FilterChipTexts,
  type FilterBarProps,
  type FilterPresetsActor,
  type SavedView,
} from './FilterBar.js';
export {
  describeTerm,
  fieldCondition,
  filterKind,
  filterTerms,
  filterableFields,
  isFilterGroup,
  removeTerm,
  setFieldCondition,
  type ChipTexts,
  type FilterKind,
  type FilterTerm,
  type RelationLabels,
} from './filterModel.js';
