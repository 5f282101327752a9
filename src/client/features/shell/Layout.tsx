/**
 * The shared chrome (docs/product.md#screens-and-routes): the top bar with Home, Dashboard,
 * Analytics, the sync state, the colour scheme switch and the Account menu; the footer with Quick
 * Links, Legal and Support and the copyright line. On a phone the links sit in a bar along the
 * bottom of the screen. The installable app's Install button and notices (update prompt, offline
 * ready, iOS install hint) live here too.
 */
import { Anchor, Box, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useDataLayer, useSession } from '../../data/bindings/hooks.ts';
import { InstallButton } from '../../pwa/InstallButton.tsx';
import { PwaNotices } from '../../pwa/PwaNotices.tsx';
import { PersistStorageAfterSignIn } from '../../pwa/StorageStatus.tsx';
import { AccountMenu } from './AccountMenu.tsx';
import { ColorSchemeToggle } from './ColorSchemeToggle.tsx';
import classes from './Layout.module.css';
import { SUPPORT_EMAIL } from '../../ui/contact.ts';

// Only signed-in users see the sync state; visitors do not load its popover.
const SyncIndicator = lazy(() => import('./SyncIndicator.tsx').then((module) => ({ default: module.SyncIndicator })));

/** Line icons for the phone's bottom bar (decorative: each link is named by its text). */
const NAV_ICONS = {
  home: 'M3 11.5 12 4l9 7.5M5.5 9.5V20h13V9.5',
  dashboard: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  analytics: 'M4 20h16M7 16v-5M12 16V7M17 16v-8',
} as const;

function NavIcon({ name }: { name: keyof typeof NAV_ICONS }) {
  return (
    <svg className={classes.navIcon} viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path d={NAV_ICONS[name]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * One row at every width from 360 px. On a wide screen: the product name, the links, the sync
 * state, Install, the scheme switch and Account. On a phone the links become a bar along the
 * bottom of the screen, within the thumb's reach, and Install and the scheme switch move into the
 * Account menu; the same nav element serves both, so its name and order do not change.
 */
function TopBar() {
  const session = useSession();
  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" py="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap="md" wrap="nowrap">
            <Anchor component={Link} to="/" underline="never" c="inherit">
              <Text fw={800} size="lg">
                Runway
              </Text>
            </Anchor>
            <nav aria-label="Main" className={classes.mainNav}>
              <Anchor component={Link} to="/" className={classes.navLink} activeOptions={{ exact: true }}>
                <NavIcon name="home" />
                Home
              </Anchor>
              <Anchor component={Link} to="/dashboard" className={classes.navLink}>
                <NavIcon name="dashboard" />
                Dashboard
              </Anchor>
              <Anchor component={Link} to="/analytics" className={classes.navLink}>
                <NavIcon name="analytics" />
                Analytics
              </Anchor>
            </nav>
          </Group>
          <Group gap="xs" wrap="nowrap" justify="flex-end">
            {session.isAuthenticated && (
              <Suspense fallback={null}>
                <SyncIndicator />
              </Suspense>
            )}
            <InstallButton visibleFrom="xs" />
            <ColorSchemeToggle visibleFrom="xs" />
            <AccountMenu />
          </Group>
        </Group>
      </Container>
    </Box>
  );
}

function Footer() {
  const session = useSession();
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="lg" py="lg">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          <Stack gap={4}>
            <Text fw={700}>Runway</Text>
            <Text size="sm" c="dimmed">
              Plan your money month by month, from today to the end of retirement.
            </Text>
          </Stack>
          <Stack gap={4} component="nav" aria-label="Quick Links">
            <Title order={2} size="sm">
              Quick Links
            </Title>
            <Anchor component={Link} to="/dashboard" size="sm">
              Dashboard
            </Anchor>
            <Anchor component={Link} to="/analytics" size="sm">
              Analytics
            </Anchor>
            {!session.isAuthenticated && (
              <>
                <Anchor component={Link} to="/signup" size="sm">
                  Sign Up
                </Anchor>
                <Anchor component={Link} to="/login" size="sm">
                  Sign In
                </Anchor>
              </>
            )}
          </Stack>
          <Stack gap={4} component="nav" aria-label="Legal and Support">
            <Title order={2} size="sm">
              Legal and Support
            </Title>
            <Anchor component={Link} to="/privacy-policy" size="sm">
              Privacy Policy
            </Anchor>
            <Anchor component={Link} to="/terms-of-service" size="sm">
              Terms of Service
            </Anchor>
            <Anchor href={`mailto:${SUPPORT_EMAIL}`} size="sm">
              {SUPPORT_EMAIL}
            </Anchor>
          </Stack>
        </SimpleGrid>
        {/* The build prerendered the year it ran in; a page hydrated in a later year shows this one. */}
        <Text size="xs" c="dimmed" mt="lg" ta="center" suppressHydrationWarning>
          © {new Date().getFullYear()} Runway. All rights reserved.
        </Text>
      </Container>
    </Box>
  );
}

/** Sends the user to /login when a 401 ends their session (docs/product.md#error-messages). */
function SessionExpiry() {
  const layer = useDataLayer();
  const navigate = useNavigate();
  useEffect(() => layer.onSessionExpired(() => void navigate({ to: '/login' })), [layer, navigate]);
  return null;
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <Box className={classes.page}>
      <a href="#main" className={classes.skipLink}>
        Skip to content
      </a>
      <SessionExpiry />
      <PersistStorageAfterSignIn />
      <TopBar />
      <Box component="main" id="main" className={classes.main}>
        <Container size="lg" py="lg">
          {children}
        </Container>
      </Box>
      <Footer />
      <PwaNotices />
    </Box>
  );
}
