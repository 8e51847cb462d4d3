import {
  myActivityResponseSchema,
  usageStatisticsQuerySchema,
  usageStatisticsResponseSchema,
} from '../api.js';
import { defineEndpoint } from './define.js';

/** The landing page's figures (Usage Statistics). */
export const statisticsEndpoints = {
  usage: defineEndpoint({
    method: 'GET',
    path: '/api/statistics/usage',
    tag: 'statistics',
    summary: 'Sign-ins per day, active users and most visited pages over the last `days` days',
    permission: { key: 'statistics', mode: 'read' },
    query: usageStatisticsQuerySchema,
    response: usageStatisticsResponseSchema,
  }),
  me: defineEndpoint({
    method: 'GET',
    path: '/api/statistics/me',
    tag: 'statistics',
    summary:
      "The caller's own sign-ins and most visited pages over the last `days` days (any signed-in user)",
    permission: 'auth',
    query: usageStatisticsQuerySchema,
    response: myActivityResponseSchema,
  }),
};
