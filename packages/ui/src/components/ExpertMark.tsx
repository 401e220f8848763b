import { uiStrings } from '../strings.ts';

/** The expert mark: an operator approved the user's expert request (issue 15). Never on anonymous cards. */
export function ExpertMark() {
  return <span className="hn-expert">{uiStrings.expert}</span>;
}
