export {
  VennDiagram,
  VENN_DIAGRAM_MESSAGES,
  type VennDiagramMessages,
  type VennDiagramProps,
} from './VennDiagram.js';
export {
  VENN_CIRCLE_MAX_SETS,
  regionLabel,
  setsOf,
  vennShapes,
  type VennRegionInfo,
  type VennSetInfo,
  type VennShapes,
} from './vennRegions.js';
