/**
 * The shared chrome (spec section 2): the top bar with Home, Dashboard, Analytics, the sync state,
 * the colour scheme switch and the Account menu; the footer with Quick Links, Legal and Support and
 * the copyright line. On a phone the links wrap under the product name. The installable app's
 * Install button and notices (update prompt, offline ready, iOS install hint) live here too.
 */
import { Anchor, Box, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useDataLayer, useSession } from '../../data/hooks.ts';
import { InstallButton } from '../../pwa/InstallButton.tsx';
import { PwaNotices } from '../../pwa/PwaNotices.tsx';
import { PersistStorageAfterSignIn } from '../../pwa/StorageStatus.tsx';
import { AccountMenu } from './AccountMenu.tsx';
import { ColorSchemeToggle } from './ColorSchemeToggle.tsx';
import classes from './Layout.module.css';

// Only signed-in users see the sync state; visitors do not load its popover.
const SyncIndicator = lazy(() => import('./SyncIndicator.tsx').then((module) => ({ default: module.SyncIndicator })));

export const SUPPORT_EMAIL = 'support@runway.example';

function TopBar() {
  const session = useSession();
  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" py="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="md" wrap="wrap">
            <Anchor component={Link} to="/" underline="never" c="inherit">
              <Text fw={800} size="lg">
                Runway
              </Text>
            </Anchor>
            <Group component="nav" aria-label="Main" gap="sm" wrap="nowrap">
              <Anchor component={Link} to="/" className={classes.navLink} activeOptions={{ exact: true }}>
                Home
              </Anchor>
              <Anchor component={Link} to="/dashboard" className={classes.navLink}>
                Dashboard
              </Anchor>
              <Anchor component={Link} to="/analytics" className={classes.navLink}>
                Analytics
              </Anchor>
            </Group>
          </Group>
          {/* Wraps on a phone when the sync state and the Install button are both there. */}
          <Group gap="xs" wrap="wrap" justify="flex-end">
            {session.isAuthenticated && (
              <Suspense fallback={null}>
                <SyncIndicator />
              </Suspense>
            )}
            <InstallButton />
            <ColorSchemeToggle />
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
        <Text size="xs" c="dimmed" mt="lg" ta="center">
          © {new Date().getFullYear()} Runway. All rights reserved.
        </Text>
      </Container>
    </Box>
  );
}

/** Sends the user to /login when a 401 ends their session (spec section 8). */
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
