// Which resource types an AWS Control Tower Guard rule file can report on, read from its text: the rule
// files the Guard validation (guard-validation.ts) need not run for a given set of templates.

/**
 * The resource types a Control Tower rule file can report on. Each file's rules that apply to a template
 * have the form `rule x when is_cfn_template(%INPUT_DOCUMENT) %selection not empty { ... }`, where
 * `let selection = Resources.*[ Type == %T_TYPE or ... ]` and `let T_TYPE = "AWS::S::R"`: such a rule
 * checks nothing when no resource has those types. A rule file is read this way only when every one of its
 * rules is in that form (or applies to hook input, `is_cfn_hook`, or is a helper taking parameters);
 * otherwise every type the file names counts, so a rule that is not understood runs whenever it might.
 * The types a file only mentions (helpers such as `check_local_references` name LogGroup, IAM::Role, ...)
 * do not make a rule run.
 */
export function reportedTypes(text: string): string[] {
  const named = [...new Set(text.match(/AWS::[A-Za-z0-9]+::[A-Za-z0-9]+/g) ?? [])];
  const constants = new Map(
    [...text.matchAll(/^let\s+(\w+)\s*=\s*"(AWS::[A-Za-z0-9]+::[A-Za-z0-9]+)"\s*$/gm)].map((m) => [
      m[1]!,
      m[2]!,
    ]),
  );
  const selections = new Map<string, string[]>();
  for (const m of text.matchAll(/^let\s+(\w+)\s*=\s*Resources(?:\.\*)?\[([^\]]*)\]/gm)) {
    const terms = m[2]!.trim().split(/\s+or\s+/);
    const types = terms.map((t) => constants.get(/^Type\s*==\s*%(\w+)$/.exec(t.trim())?.[1] ?? ''));
    if (types.every((t) => t !== undefined)) selections.set(m[1]!, types as string[]);
  }
  const reported = new Set<string>();
  for (const m of text.matchAll(/^rule\s+\w+([^{]*)\{/gm)) {
    const head = m[1]!.replace(/\s+/g, ' ').trim();
    if (head.startsWith('(') || /^when is_cfn_hook\(/.test(head)) continue;
    const gate = /^when is_cfn_template\(%INPUT_DOCUMENT\) %(\w+) not empty$/.exec(head);
    const types = gate ? selections.get(gate[1]!) : undefined;
    if (!types) return named;
    for (const t of types) reported.add(t);
  }
  return reported.size > 0 ? [...reported] : named;
}
