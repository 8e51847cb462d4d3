// What PageFrame loads for a master-data route's skeleton: the entity definitions (a chunk the master-data pages
// share), kept off the landing and the other pages that have no entity (issue 33).
export { entityForRoute } from '@staff/console-contract';
