import { describe, expect, it, onTestFinished } from 'vitest';
import type { OptionStore } from './option-store.js';
import type { StoreFactory } from './store-fixture.js';

/** The behaviour every OptionStore adapter must have. */
export function runOptionStoreContract(name: string, factory: StoreFactory<OptionStore>): void {
  const open = async (): Promise<OptionStore> => {
    const fixture = await factory();
    onTestFinished(() => fixture.close());
    return fixture.store;
  };

  describe(`OptionStore contract: ${name}`, () => {
    it('starts empty, stores strings and overwrites', async () => {
      const options = await open();
      expect(await options.all()).toEqual({});
      await options.set('SystemName', 'Mine');
      await options.set('ModelRatio', '{"a":1}');
      await options.set('SystemName', 'Ours');
      expect(await options.all()).toEqual({ SystemName: 'Ours', ModelRatio: '{"a":1}' });
    });

    it('keeps empty values', async () => {
      const options = await open();
      await options.set('Notice', '');
      expect(await options.all()).toEqual({ Notice: '' });
    });
  });
}
