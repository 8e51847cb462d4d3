export { KpiCard, KPI_CARD_MESSAGES, type KpiCardMessages, type KpiCardProps } from './KpiCard.js';
