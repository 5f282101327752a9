/**
 * The Account button of the top bar. The dropdown (a Mantine Menu with its positioning code) loads
 * on the first hover, focus or click, so the first page does not carry it; until then the button
 * looks and behaves the same and opens the menu once loaded.
 */
import { Button, type ButtonProps } from '@mantine/core';
import { forwardRef, lazy, Suspense, useState, type ComponentPropsWithoutRef } from 'react';

const loadMenu = () => import('./AccountMenuFull.tsx');
const AccountMenuFull = lazy(() => loadMenu().then((module) => ({ default: module.AccountMenuFull })));

type AccountButtonProps = ButtonProps & ComponentPropsWithoutRef<'button'>;

export const AccountButton = forwardRef<HTMLButtonElement, AccountButtonProps>(function AccountButton(props, ref) {
  return (
    <Button ref={ref} variant="default" size="sm" aria-haspopup="menu" {...props}>
      Account
    </Button>
  );
});

export function AccountMenu() {
  const [open, setOpen] = useState(false);
  if (!open) {
    // Hover or focus fetches the menu's code ahead of the click.
    const preload = () => void loadMenu();
    return <AccountButton onClick={() => setOpen(true)} onMouseEnter={preload} onFocus={preload} />;
  }
  return (
    <Suspense fallback={<AccountButton />}>
      <AccountMenuFull initiallyOpen />
    </Suspense>
  );
}
