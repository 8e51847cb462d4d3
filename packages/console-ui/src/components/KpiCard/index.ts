export { KpiCard, type KpiCardProps } from './KpiCard.js';
