"""New packages and contests from file templates: `ojpack new`.

Beside publish in the layers: it writes whole packages (templates under templates/) and edits contest.yaml.
"""

from .contest import add_existing, add_to_contest, contest_of, new_contest
from .problem import PROBLEMS, NewProblem, new_problem, parse_languages, short_name_of

__all__ = ["PROBLEMS", "NewProblem", "add_existing", "add_to_contest", "contest_of", "new_contest", "new_problem", "parse_languages",
           "short_name_of"]
