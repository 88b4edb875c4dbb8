import { runOneTimeCodesContract } from '../../ports/hot-state/one-time-codes.contract.js';
import { InProcessOneTimeCodes } from './one-time-codes.js';

runOneTimeCodesContract('in-process', () => {
  const codes = new InProcessOneTimeCodes();
  return [codes, codes];
});
