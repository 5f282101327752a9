/**
 * The frame of the account screens: one centred card holding the page's only h1, full width on a
 * phone. Also the card a signed-in visitor sees instead of sign-up or reset.
 */
import { Alert, Anchor, Button, Card, PasswordInput, Stack, Text, Title, type PasswordInputProps } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useSession } from '../data/bindings/hooks.ts';
import type { BoundField } from './bind-field.ts';

export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder shadow="sm" radius="md" padding="lg" maw={460} w="100%" mx="auto" mt={{ base: 0, sm: 'xl' }}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {title}
          </Title>
          {subtitle && (
            <Text c="dimmed" size="sm">
              {subtitle}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}

export function AlreadyLoggedIn() {
  const session = useSession();
  return (
    <AuthCard title="Already Logged In">
      <Text>{session.email ? `You are logged in as ${session.email}.` : 'You are already logged in.'}</Text>
      <Button component={Link} to="/dashboard">
        Go to Dashboard
      </Button>
    </AuthCard>
  );
}

/** A submission's failure (role alert, so screen readers hear it) or its success (a status). */
export function FormMessage({ error, success }: { error?: string | null; success?: string | null }) {
  if (success) {
    return (
      <Alert color="teal" variant="light" role="status">
        {success}
      </Alert>
    );
  }
  if (!error) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {error}
    </Alert>
  );
}

/** Mantine's password input marks its error only visually: this one also tells assistive technology. */
export function PasswordField({ error, ...props }: Omit<PasswordInputProps, 'error'> & { error?: string | undefined }) {
  return <PasswordInput error={error} aria-invalid={error ? true : undefined} {...props} />;
}

/**
 * A new password and its confirmation, as sign-up, reset and change ask for them ('Confirm ' + label).
 * The form is typed by what these fields need, so that any account form having them fits.
 */
export function NewPasswordFields({ form, label }: { form: { field(name: 'password' | 'password_confirmation'): BoundField; succeeded: boolean }; label: string }) {
  const { field } = form;
  return (
    <>
      <PasswordField
        label={label}
        autoComplete="new-password"
        description="At least 6 characters"
        {...field('password')}
        disabled={form.succeeded}
      />
      <PasswordField
        label={`Confirm ${label}`}
        autoComplete="new-password"
        {...field('password_confirmation')}
        disabled={form.succeeded}
      />
    </>
  );
}

/** The line under the sign-in and sign-up forms that leads to the other: "Don't have an account? Sign up". */
export function AuthSwitch({ prompt, to, children }: { prompt: string; to: '/login' | '/signup'; children: ReactNode }) {
  return (
    <Text size="sm" ta="center">
      {prompt}
      <Anchor component={Link} to={to} underline="always">
        {children}
      </Anchor>
    </Text>
  );
}
