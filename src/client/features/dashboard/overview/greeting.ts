/**
 * The welcome card's greeting: "Welcome" the first time an account's Overview opens on this
 * device, "Welcome back" ever after. Remembered per account in localStorage (`greeted:<email>`),
 * so a brand-new user is not welcomed back, and another account on the same device gets its own
 * first welcome. The greeting is read once per mount, so the first visit keeps saying "Welcome"
 * until the user leaves the Overview.
 */
import { useEffect, useState } from 'react';

export const GREETED_PREFIX = 'greeted:';

/** 'Welcome, ann@example.com!', 'Welcome back, ann@example.com!'; without an email 'Welcome!' / 'Welcome back!'. */
export function greeting(email: string | null, returning: boolean): string {
  const words = returning ? 'Welcome back' : 'Welcome';
  return email ? `${words}, ${email}!` : `${words}!`;
}

function greeted(email: string | null): boolean {
  try {
    return email !== null && window.localStorage.getItem(GREETED_PREFIX + email) !== null;
  } catch {
    // Storage refused (a locked-down browser): every visit is a return rather than a first.
    return true;
  }
}

export function useGreeting(email: string | null): string {
  const [returning] = useState(() => greeted(email));
  useEffect(() => {
    if (email === null) return;
    try {
      window.localStorage.setItem(GREETED_PREFIX + email, '1');
    } catch {
      // Nothing to remember with: the next visit says "Welcome back" anyway (see above).
    }
  }, [email]);
  return greeting(email, returning);
}
