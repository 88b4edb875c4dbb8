import { requiredClusterEngines } from '../support/config.js';
import { runClusterMode } from './cluster-mode.js';

runClusterMode('one Redis', requiredClusterEngines());
