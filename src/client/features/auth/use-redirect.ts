/**
 * Leaves the page after the fixed delay (docs/product.md#constants-and-limits) once the function it
 * answers is called. The timer is cleared if the page goes away first, so a user who clicks
 * elsewhere is not pulled back.
 */
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';

export type RedirectTarget = '/dashboard' | '/login';

export function useRedirect(): (to: RedirectTarget, delayMs: number) => void {
  const navigate = useNavigate();
  const [target, setTarget] = useState<{ to: RedirectTarget; delayMs: number } | null>(null);
  useEffect(() => {
    if (!target) return;
    const timer = setTimeout(() => void navigate({ to: target.to }), target.delayMs);
    return () => clearTimeout(timer);
  }, [target, navigate]);
  return useCallback((to: RedirectTarget, delayMs: number) => setTarget({ to, delayMs }), []);
}
