export { normalize, normalizeTerm, type Normalized } from './normalize.ts';
export {
  TextFilter,
  FilterListError,
  FILTER_ACTIONS,
  FILTER_LIMITS,
  type FilterAction,
  type FilterMatch,
  type FilterResult,
  type ListEntry,
} from './filter.ts';
export { findContacts, CONTACT_KINDS, type ContactKind, type ContactMatch } from './contact.ts';
export { DEFAULT_LIST } from './default-list.ts';
