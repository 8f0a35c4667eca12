// The order files start in. The integration files go first: they mostly wait for stacks whose renders run
// in other processes, so the CPU-bound component, infrastructure and unit files fill the cores beside
// them, rather than the integration project running last and alone (vitest's default runs projects one
// after another, by name). Within a project, the files known to take longest start first (those that
// start stacks of their own and render the most), so no long file starts last; then vitest's own order
// (longest in the last run, else largest).
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const PROJECTS = ['integration', 'infra', 'component', 'unit'];

/** The slowest files of a run on two cores (printed at the end of every run), longest first. */
const LONGEST = [
  'test/integration/drone-renditions.test.ts',
  'test/integration/remotion-lambda.test.ts',
  'test/integration/drone.test.ts',
  'test/integration/listing-kit.test.ts',
  'test/integration/caller-imagery.test.ts',
  'test/infra/guard.test.ts',
  'test/infra/cli-synth.test.ts',
  'test/component/brochure/render-slides.test.ts',
  'test/component/rendering/split-render.test.ts',
];

const projectRank = (spec: TestSpecification) => {
  const rank = PROJECTS.indexOf(spec.project.name);
  return rank === -1 ? PROJECTS.length : rank;
};

const longRank = (spec: TestSpecification) => {
  const rank = LONGEST.findIndex((file) => spec.moduleId.endsWith(file));
  return rank === -1 ? LONGEST.length : rank;
};

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const position = new Map(base.map((spec, i) => [spec, i]));
    return [...base].sort(
      (a, b) =>
        projectRank(a) - projectRank(b) || longRank(a) - longRank(b) || position.get(a)! - position.get(b)!,
    );
  }
}
