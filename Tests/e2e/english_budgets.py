"""What each copy of the site shows in English, held to a budget per language and kind of page.

    python3 english_budgets.py REPORT.json BUDGETS.json [--write]

REPORT is a `pokedex build --report` of a site in several languages; BUDGETS (english-budgets.json beside this
file) gives, per language, the most elements marked lang="en" (less the Names section and the language switcher)
that one page of each kind may show. Only PokeAPI's own gaps (move and item effects it has in English alone) may
stay English: a new kind of page, or a page that shows more English than its kind's budget, fails. Every language
and kind of the report must have a budget, and every budget a language and kind in the report. --write sets the
budgets to what the report shows (after a change that lowers them)."""

import json
import sys


def check(report, budgets):
    """The lines of the table, and the failures."""
    found = report.get("englishFallbacks") or {}
    lines, failures = [], []
    if set(found) != set(budgets):
        failures.append(f"languages: the report has {sorted(found)}, the budgets {sorted(budgets)}")
    for language in sorted(found):
        kinds = found[language].get("kinds", {})
        budget = budgets.get(language, {})
        for kind in sorted(set(kinds) | set(budget)):
            if kind not in kinds:
                failures.append(f"{language} {kind}: a budget for a kind of page the site does not have")
                continue
            seen = kinds[kind]
            limit = budget.get(kind)
            line = (f"{language:7} {kind:16} {seen['pages']:6} pages {seen['elements']:7} in English, "
                    f"most {seen['most']:4} ({seen['mostPage']}), budget {limit}")
            lines.append(line)
            if limit is None:
                failures.append(f"{language} {kind}: no budget (a new kind of page?): it shows up to {seen['most']}")
            elif seen["most"] > limit:
                failures.append(f"{language} {kind}: {seen['mostPage']} shows {seen['most']} elements in English, "
                                f"over the budget of {limit}")
    return lines, failures


def written(report):
    return {language: {kind: seen["most"] for kind, seen in sorted(found.get("kinds", {}).items())}
            for language, found in sorted((report.get("englishFallbacks") or {}).items())}


def main(argv):
    report = json.load(open(argv[1], encoding="utf-8"))
    if "--write" in argv:
        with open(argv[2], "w", encoding="utf-8") as out:
            json.dump(written(report), out, indent=2, sort_keys=True)
            out.write("\n")
        return 0
    lines, failures = check(report, json.load(open(argv[2], encoding="utf-8")))
    print("\n".join(lines))
    for failure in failures:
        print("over budget: " + failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
