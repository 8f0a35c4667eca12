// The Guard validation runs only the Control Tower rule files that can report on the app's templates: a
// file counts for the types its template rules select, not for every type it mentions; a file whose rules
// are not all in the understood form counts for every type it names, so it runs whenever it might.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { reportedTypes } from '../../../lib/guard-rule-types.ts';

const rulesDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@cdklabs/cdk-validator-cfnguard/package.json')),
  'rules',
  'control-tower',
  'cfn-guard',
);
const rule = (file: string) => readFileSync(path.join(rulesDir, file), 'utf8');

const template = (head: string) => `
let QUEUE_TYPE = "AWS::SQS::Queue"
let TOPIC_TYPE = "AWS::SNS::Topic"
let INPUT_DOCUMENT = this
let queues = Resources.*[ Type == %QUEUE_TYPE ]
${head} {
    check(%queues.Properties)
}
rule helper(doc, kind) {
    %doc.Type == "AWS::Logs::LogGroup"
}
rule on_hook when is_cfn_hook(%INPUT_DOCUMENT, %QUEUE_TYPE) {
    %INPUT_DOCUMENT.%QUEUE_TYPE.resourceProperties exists
}
`;

describe('the resource types a Control Tower rule file can report on', () => {
  it('are the types its template rules select, not the ones its helpers mention', () => {
    expect(reportedTypes(rule('s3/ct-s3-pr-1.guard'))).toEqual(['AWS::S3::Bucket']);
    // Its helpers mention log groups, roles and keys, which this app has; the trail is all it checks.
    const trail = rule('cloudtrail/ct-cloudtrail-pr-1.guard');
    expect(trail).toMatch(/AWS::Logs::LogGroup|AWS::KMS::Key|AWS::IAM::Role/);
    expect(reportedTypes(trail)).toEqual(['AWS::CloudTrail::Trail']);
    expect(
      reportedTypes(template('rule queue_check when is_cfn_template(%INPUT_DOCUMENT) %queues not empty')),
    ).toEqual(['AWS::SQS::Queue']);
  });

  it('gather every type of a selection joined with or', () => {
    const iam = `
let ROLE_TYPE = "AWS::IAM::Role"
let USER_TYPE = "AWS::IAM::User"
let INPUT_DOCUMENT = this
let principals = Resources.*[
    Type == %ROLE_TYPE or
    Type == %USER_TYPE
]
rule principals_check when is_cfn_template(%INPUT_DOCUMENT)
                           %principals not empty {
    check(%principals)
}`;
    expect(reportedTypes(iam).sort()).toEqual(['AWS::IAM::Role', 'AWS::IAM::User']);
  });

  it('are every type the file names when a rule is in another form', () => {
    const all = ['AWS::SQS::Queue', 'AWS::SNS::Topic', 'AWS::Logs::LogGroup'];
    // A rule with no selection gate, one gated on an unknown name, and a selection with another filter.
    expect(reportedTypes(template('rule always when is_cfn_template(%INPUT_DOCUMENT)')).sort()).toEqual(
      all.sort(),
    );
    expect(
      reportedTypes(template('rule other when is_cfn_template(%INPUT_DOCUMENT) %topics not empty')).sort(),
    ).toEqual(all.sort());
    const filtered = template(
      'rule queue_check when is_cfn_template(%INPUT_DOCUMENT) %queues not empty',
    ).replace(
      'Resources.*[ Type == %QUEUE_TYPE ]',
      'Resources.*[ Type == %QUEUE_TYPE or Metadata.keep exists ]',
    );
    expect(reportedTypes(filtered).sort()).toEqual(all.sort());
    expect(reportedTypes(template('rule bare'))).toEqual(expect.arrayContaining(all));
  });

  it('are found for nearly every bundled rule file, each a type the file names', async () => {
    const { readdirSync, statSync } = await import('node:fs');
    const list = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const file = path.join(dir, name);
        if (statSync(file).isDirectory()) return list(file);
        return name.endsWith('.guard') ? [file] : [];
      });
    const files = list(rulesDir);
    expect(files.length).toBeGreaterThan(200);
    let narrowed = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const named = new Set(text.match(/AWS::[A-Za-z0-9]+::[A-Za-z0-9]+/g));
      const types = reportedTypes(text);
      expect(types.length, file).toBeGreaterThan(0);
      for (const t of types) expect(named.has(t), `${file}: ${t}`).toBe(true);
      if (types.length < named.size) narrowed += 1;
    }
    // Forty of the bundled files mention types they never check (in their helpers): these no longer run
    // for an app that has only the mentioned types.
    expect(narrowed).toBeGreaterThanOrEqual(30);
  });
});
