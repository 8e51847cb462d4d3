export {
  LoginForm,
  LOGIN_FORM_DEFAULT_PRODUCT,
  LOGIN_FORM_DEFAULT_VERSION,
  LOGIN_FORM_INTRO,
  LOGIN_FORM_MESSAGES,
  type LoginFormMessages,
  type LoginFormProps,
} from './LoginForm.js';
export {
  useLoginForm,
  type LoginButtonSnapshot,
  type LoginFormSeed,
  type LoginFormStatus,
  type UseLoginFormOptions,
  type UseLoginFormResult,
} from './useLoginForm.js';
