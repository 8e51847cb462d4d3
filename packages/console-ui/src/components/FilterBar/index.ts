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
  isGroup,
  removeTerm,
  setFieldCondition,
  termLabel,
  type FilterKind,
  type FilterTerm,
} from './filterModel.js';
