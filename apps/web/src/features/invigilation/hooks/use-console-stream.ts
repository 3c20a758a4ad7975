import { useEffect, useState } from 'react';
import type { ConsoleStreamMessage, SittingConsole } from '@certs/shared/invigilation/invigilation.contract';
import { httpStatusOf } from '../../../lib/api-client';
import { getSession } from '../../../lib/auth';
import { fetchConsole } from '../api/invigilation';

const RECONNECT_MS = 2_000;
const EVENTS_KEPT = 50;

/** Folds one stream message into the console (pure, so tests can drive it). */
export function applyStreamMessage(current: SittingConsole | null, message: ConsoleStreamMessage): SittingConsole | null {
  if (message.type === 'console') return message.console;
  if (!current) return current;
  if (message.type === 'candidates') {
    const byId = new Map(message.candidates.map((candidate) => [candidate.applicationModuleId, candidate]));
    return { ...current, serverTime: message.serverTime, candidates: current.candidates.map((candidate) => byId.get(candidate.applicationModuleId) ?? candidate) };
  }
  if (current.events.some((event) => event.id === message.event.id)) return current;
  return { ...current, events: [message.event, ...current.events].sort((a, b) => b.id - a.id).slice(0, EVENTS_KEPT) };
}

/** Splits a Server-Sent Events text into messages; returns them and what is left of an unfinished one. */
export function parseEventStream(buffer: string): { messages: ConsoleStreamMessage[]; rest: string } {
  const blocks = buffer.split('\n\n');
  const rest = blocks.pop() ?? '';
  const messages = blocks.flatMap((block) => {
    const data = block
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => line.slice(6))
      .join('\n');
    return data ? [JSON.parse(data) as ConsoleStreamMessage] : [];
  });
  return { messages, rest };
}

export interface ConsoleStreamState {
  console: SittingConsole | null;
  /** The stream is open: changes arrive as they happen. */
  isLive: boolean;
  /** 403 or 404: nothing to show, and no retrying. */
  refusal: number | null;
}

/**
 * The console, live (decision 029): a plain read first (which renews the session when needed), then
 * the stream with the current token; when the stream ends (the server closes it every few minutes
 * so the session is checked again) or fails, the same again after a moment.
 */
export function useConsoleStream(sittingId: string): ConsoleStreamState {
  const [state, setState] = useState<ConsoleStreamState>({ console: null, isLive: false, refusal: null });
  useEffect(() => {
    let isStopped = false;
    const abort = new AbortController();
    const run = async () => {
      while (!isStopped) {
        try {
          const initial = await fetchConsole(sittingId, abort.signal);
          setState((previous) => ({ ...previous, console: initial, refusal: null }));
          const response = await fetch(`/api/invigilation/sittings/${encodeURIComponent(sittingId)}/stream`, {
            headers: { authorization: `Bearer ${getSession()?.jwt ?? ''}`, accept: 'text/event-stream' },
            signal: abort.signal,
          });
          if (!response.ok || !response.body) throw Object.assign(new Error('stream refused'), { status: response.status });
          setState((previous) => ({ ...previous, isLive: true }));
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
          let buffer = '';
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            const parsed = parseEventStream(buffer + value);
            buffer = parsed.rest;
            if (parsed.messages.length > 0) setState((previous) => ({ ...previous, console: parsed.messages.reduce(applyStreamMessage, previous.console) }));
          }
        } catch (error) {
          if (isStopped) return;
          const status = httpStatusOf(error);
          if (status === 403 || status === 404) {
            setState({ console: null, isLive: false, refusal: status });
            return;
          }
        }
        setState((previous) => ({ ...previous, isLive: false }));
        await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS));
      }
    };
    void run();
    return () => {
      isStopped = true;
      abort.abort();
    };
  }, [sittingId]);
  return state;
}

/** The time now, re-read every `intervalMs` (offline durations count up on screen). */
export function useNow(intervalMs = 1_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
