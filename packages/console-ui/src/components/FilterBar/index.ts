export {
  FilterBar,
  FieldFilterEditor,
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
