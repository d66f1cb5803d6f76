/**
 * An e-mail address that may wrap only where a reader expects it: after the @ and before each dot, never
 * in the middle of a word (a <wbr> marks each place; the CSS breaks inside a part only when one part alone
 * is wider than the line).
 */
import { Fragment } from 'react';

/** The address cut where it may wrap: after '@', before '.' (jo.bloggs@ex.co -> jo | .bloggs@ | ex | .co). */
export function emailBreakParts(email: string): string[] {
  return email.split(/(?<=@)|(?=\.)/).filter((p) => p !== '');
}

export function EmailText({ email }: { email: string }) {
  return (
    <>
      {emailBreakParts(email).map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
