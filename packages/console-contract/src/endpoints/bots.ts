import { z } from '../zod.js';
import {
  BOT_LOGIN_CHANGED_ENTITY,
  botLoginResponseSchema,
  botRegisterBodySchema,
  botRequestCodeBodySchema,
  botVerifyCodeBodySchema,
} from '../botLogin.js';
import {
  botAnswersResponseSchema,
  botNumbersResponseSchema,
  botRuleBodySchema,
  botRuleSchema,
  botRulesResponseSchema,
  botSettingsSchema,
  botTestBodySchema,
  botTestResponseSchema,
} from '../bots.js';
import { defineEndpoint } from './define.js';
import { pageKey } from './pageKey.js';

/** Bot Auto Response's and Bot Login's key (the pages'): reads need read access, changes write access. */
export const BOTS_KEY = pageKey('bot-auto-response');

const id = z.coerce.number().check(z.int(), z.positive(), z.lte(999_999_999_999_999));
/** A WA Registries number (`:registry_id`). */
export const botNumberParamsSchema = z.object({ registry_id: id });
/** A bot rule (`:id`). */
export const botRuleParamsSchema = z.object({ id });
export const botRuleResponseSchema = z.object({ data: botRuleSchema });
export const botSettingsResponseSchema = z.object({ data: botSettingsSchema });
export const botRuleDeletedSchema = z.object({ data: z.object({ id: z.number() }) });

const read = { key: BOTS_KEY, mode: 'read' } as const;
const write = { key: BOTS_KEY, mode: 'write' } as const;

/** The registration steps answer Meta's refusals: a wrong step (409), too many tries (429), Meta down (502). */
const loginStep = <B extends z.ZodMiniType | undefined = undefined>(
  step: string,
  summary: string,
  body?: B,
) =>
  defineEndpoint({
    method: 'POST',
    path: `/api/bots/:registry_id/login/${step}`,
    tag: 'bots',
    summary,
    permission: write,
    params: botNumberParamsSchema,
    body: body as B,
    response: botLoginResponseSchema,
    errors: [409, 429, 502],
  });

/** Bot Auto Response (rules, settings, tester, answers) and Bot Login (Cloud API registration). */
export const botsEndpoints = {
  numbers: defineEndpoint({
    method: 'GET',
    path: '/api/bots/numbers',
    tag: 'bots',
    summary: 'WA Registries numbers with their bot state and count of active rules',
    permission: read,
    response: botNumbersResponseSchema,
  }),
  rules: defineEndpoint({
    method: 'GET',
    path: '/api/bots/:registry_id/rules',
    tag: 'bots',
    summary: "A number's rules in the order they are tried, and its business hours and normalisation",
    permission: read,
    params: botNumberParamsSchema,
    response: botRulesResponseSchema,
  }),
  createRule: defineEndpoint({
    method: 'POST',
    path: '/api/bots/:registry_id/rules',
    tag: 'bots',
    summary: 'Adds a rule to a number (a regular expression too slow on hostile input is refused)',
    permission: write,
    params: botNumberParamsSchema,
    body: botRuleBodySchema,
    response: botRuleResponseSchema,
    status: 201,
  }),
  updateRule: defineEndpoint({
    method: 'PUT',
    path: '/api/bots/rules/:id',
    tag: 'bots',
    summary: 'Replaces a rule',
    permission: write,
    params: botRuleParamsSchema,
    body: botRuleBodySchema,
    response: botRuleResponseSchema,
  }),
  deleteRule: defineEndpoint({
    method: 'DELETE',
    path: '/api/bots/rules/:id',
    tag: 'bots',
    summary: 'Deletes a rule (its logged answers keep the rule name)',
    permission: write,
    params: botRuleParamsSchema,
    response: botRuleDeletedSchema,
  }),
  saveSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/bots/:registry_id/settings',
    tag: 'bots',
    summary: "A number's bot switch, business hours (Asia/Jakarta) and normalisation",
    permission: write,
    params: botNumberParamsSchema,
    body: botSettingsSchema,
    response: botSettingsResponseSchema,
  }),
  test: defineEndpoint({
    method: 'POST',
    path: '/api/bots/:registry_id/test',
    tag: 'bots',
    summary:
      'What would the bot say: the rule that would answer this text at this time and its reply (frequency and cooldown are not applied; nothing is sent or logged)',
    // A question sent as a body: nothing changes, so reading is enough.
    permission: read,
    params: botNumberParamsSchema,
    body: botTestBodySchema,
    response: botTestResponseSchema,
  }),
  answers: defineEndpoint({
    method: 'GET',
    path: '/api/bots/:registry_id/answers',
    tag: 'bots',
    summary: "The bot's last 200 answers on a number, each with the rule that fired",
    permission: read,
    params: botNumberParamsSchema,
    response: botAnswersResponseSchema,
  }),
  login: defineEndpoint({
    method: 'GET',
    path: '/api/bots/:registry_id/login',
    tag: 'bots',
    summary: "A number's bot login: status (pending, connected, failed, disconnected) and registration step",
    permission: read,
    params: botNumberParamsSchema,
    response: botLoginResponseSchema,
    topic: BOT_LOGIN_CHANGED_ENTITY,
  }),
  requestCode: loginStep(
    'request-code',
    'Asks Meta to send the registration code by SMS or voice call (request_code); the number becomes pending',
    botRequestCodeBodySchema,
  ),
  verifyCode: loginStep(
    'verify-code',
    'Sends the 6-digit registration code to Meta (verify_code); a wrong code answers 400 naming "code"',
    botVerifyCodeBodySchema,
  ),
  register: loginStep(
    'register',
    'Registers the number with its 6-digit two-step PIN (register); the PIN goes to Meta only and is never stored',
    botRegisterBodySchema,
  ),
  disconnect: loginStep(
    'disconnect',
    'Deregisters the number at Meta (deregister); it stops sending and answering as a bot',
  ),
};
