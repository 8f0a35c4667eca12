// Entry point of the project's Remotion site (what @remotion/bundler bundles).
import { registerRoot } from 'remotion';
import { RemotionRoot } from './root.tsx';

registerRoot(RemotionRoot);
