import { describe, expect, it } from 'vitest';
import { Emitter, combinedDisposable } from '../../../src-main/core/emitter';

describe('Emitter, the one event primitive of main', () => {
  it('a listener hears each value until its subscription is disposed; disposing twice is harmless', () => {
    const emitter = new Emitter<number>();
    const heard: number[] = [];
    const subscription = emitter.event((n) => heard.push(n));
    emitter.fire(1);
    subscription.dispose();
    subscription.dispose();
    emitter.fire(2);
    expect(heard).toEqual([1]);
    expect(emitter.hasListeners).toBe(false);
  });

  it('a throwing listener is reported and never stops the others', () => {
    const errors: unknown[] = [];
    const emitter = new Emitter<string>({ onListenerError: (err) => errors.push(err) });
    const heard: string[] = [];
    emitter.event(() => {
      throw new Error('boom');
    });
    emitter.event((s) => heard.push(s));
    emitter.fire('a');
    expect(heard).toEqual(['a']);
    expect(errors).toHaveLength(1);
  });

  it('the same function subscribed twice is two subscriptions, each disposed on its own', () => {
    const emitter = new Emitter<number>();
    const heard: number[] = [];
    const listener = (n: number): void => void heard.push(n);
    const first = emitter.event(listener);
    emitter.event(listener);
    emitter.fire(1);
    first.dispose();
    emitter.fire(2);
    expect(heard).toEqual([1, 1, 2]);
  });

  it('starts and stops what only listeners need: on the first listener and after the last leaves', () => {
    const calls: string[] = [];
    const emitter = new Emitter<void>({ onFirstListener: () => calls.push('start'), onLastListenerRemoved: () => calls.push('stop') });
    const a = emitter.event(() => undefined);
    const b = emitter.event(() => undefined);
    a.dispose();
    expect(calls).toEqual(['start']);
    combinedDisposable([b, undefined]).dispose();
    expect(calls).toEqual(['start', 'stop']);
  });

  it('a listener that unsubscribes itself while the value is delivered does not skip the next listener', () => {
    const emitter = new Emitter<number>();
    const heard: string[] = [];
    const self = emitter.event(() => {
      heard.push('self');
      self.dispose();
    });
    emitter.event(() => heard.push('next'));
    emitter.fire(1);
    emitter.fire(2);
    expect(heard).toEqual(['self', 'next', 'next']);
  });
});
