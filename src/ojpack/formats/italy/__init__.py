"""CMS italy_yaml tasks, as CMS's loader and olimpiadi-informatica's task-maker read them: task.yaml, gen/GEN
(`#ST:` subtasks, `#COPY:` lines, generator arguments), the generator and validator in gen/, input/ and
output/ when the tests were made already, sol/ with task-maker's `@check-*` annotations, statements in
statement/ or testo/; graders, Communication managers with their stubs, and output-only tasks as ojpack's
kinds (tasktype.py)."""
