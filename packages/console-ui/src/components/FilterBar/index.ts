export {
  FILTER_BAR_MESSAGES,
  FilterBar,
  FieldFilterEditor,
  type FilterBarMessages,
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
  type FilterKind,
  type FilterTerm,
  type RelationLabels,
} from './filterModel.js';
