/**
 * Storing the session of a sign-in or sign-up answer. The data layer refuses it while another
 * account's edits wait on this device ('other-user'): they would otherwise be lost silently or
 * sent under the wrong account. The user is asked; only a yes discards them.
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useDataLayer } from '../../data/bindings/hooks.ts';
import { AUTH_ERROR_FALLBACK } from '../../model/account-calls.ts';
import type { SubmitOutcome } from '../../forms/use-account-form.ts';

interface Question {
  owner: string;
  pending: number;
  email: string;
}

export const DISCARD_TITLE = 'Unsynced edits from another account';
export const DISCARD_CONFIRM = 'Discard edits and continue';

export function otherUserCanceled(owner: string): string {
  return `You were not signed in. The edits of ${owner} are kept on this device and will be sent when ${owner} logs in again.`;
}

export function useSessionStart(): { start(answer: unknown, email: string): Promise<SubmitOutcome>; dialog: ReactNode } {
  const layer = useDataLayer();
  const [question, setQuestion] = useState<Question | null>(null);
  const answerRef = useRef<((discard: boolean) => void) | null>(null);

  const reply = useCallback((discard: boolean) => {
    const resolve = answerRef.current;
    answerRef.current = null;
    setQuestion(null);
    resolve?.(discard);
  }, []);
  // Leaving the page while asked counts as "no".
  useEffect(() => () => answerRef.current?.(false), []);

  const ask = (q: Question) =>
    new Promise<boolean>((resolve) => {
      answerRef.current = resolve;
      setQuestion(q);
    });

  const start = async (answer: unknown, email: string): Promise<SubmitOutcome> => {
    let result = await layer.login(answer);
    if (result.status === 'other-user') {
      const { owner } = result;
      if (!(await ask({ owner, pending: result.pending, email }))) return { ok: false, message: otherUserCanceled(owner) };
      result = await layer.login(answer, { discardOtherUser: true });
    }
    return result.status === 'signed-in' ? { ok: true } : { ok: false, message: AUTH_ERROR_FALLBACK };
  };

  const count = question?.pending ?? 0;
  const dialog = (
    <Modal opened={question !== null} onClose={() => reply(false)} title={DISCARD_TITLE} closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Text>
          {`${count === 1 ? '1 edit' : `${count} edits`} made on this device by ${question?.owner ?? ''} ${count === 1 ? 'has' : 'have'} not reached the server yet. `}
          {`Logging in as ${question?.email ?? ''} discards ${count === 1 ? 'it' : 'them'}.`}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => reply(false)}>
            Cancel
          </Button>
          <Button color="red" onClick={() => reply(true)}>
            {DISCARD_CONFIRM}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  return { start, dialog };
}
