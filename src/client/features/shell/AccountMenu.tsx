/**
 * The Account dropdown (spec section 2): Profile, Change Password, Manage Subscription or
 * Subscribe, Logout when signed in; Login and Sign Up when not. Logout returns to '/', and asks
 * first when edits made on this device have not reached the server.
 */
import { Button, Group, Menu, Modal, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useDataLayer, useSession } from '../../data/hooks.ts';
import { openPortal } from '../subscribe/portal.ts';

export function AccountMenu() {
  const session = useSession();
  const layer = useDataLayer();
  const navigate = useNavigate();
  const [unsynced, setUnsynced] = useState<number | null>(null);

  const logout = async (force = false) => {
    const result = await layer.logout({ force });
    if (result.status === 'unsynced') {
      setUnsynced(result.count);
      return;
    }
    setUnsynced(null);
    await navigate({ to: '/' });
  };

  return (
    <>
      <Menu position="bottom-end" shadow="md" width={200}>
        <Menu.Target>
          <Button variant="default" size="sm">
            Account
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {session.isAuthenticated ? (
            <>
              <Menu.Label>{session.email}</Menu.Label>
              <Menu.Item component={Link} to="/profile">
                Profile
              </Menu.Item>
              <Menu.Item component={Link} to="/change-password">
                Change Password
              </Menu.Item>
              {session.subscribed ? (
                <Menu.Item onClick={() => void openPortal(layer)}>Manage Subscription</Menu.Item>
              ) : (
                <Menu.Item component={Link} to="/subscribe">
                  Subscribe
                </Menu.Item>
              )}
              <Menu.Divider />
              <Menu.Item onClick={() => void logout()}>Logout</Menu.Item>
            </>
          ) : (
            <>
              <Menu.Item component={Link} to="/login">
                Login
              </Menu.Item>
              <Menu.Item component={Link} to="/signup">
                Sign Up
              </Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
      <Modal opened={unsynced !== null} onClose={() => setUnsynced(null)} title="Edits not yet synced">
        <Stack>
          <Text>
            {unsynced === 1 ? '1 edit made on this device has' : `${unsynced ?? 0} edits made on this device have`} not reached the server yet. Logging out now
            discards them.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setUnsynced(null)}>
              Stay logged in
            </Button>
            <Button color="red" onClick={() => void logout(true)}>
              Log out and discard
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
