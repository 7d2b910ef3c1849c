"""The line a statement opens with when the problem's solutions read and write named files (problem.yaml's
io, OI style), as olympiad statements give them under the title: a contestant must know the names, and the
template need not say them (templates may still use `io` themselves; then the line is not added twice)."""

from __future__ import annotations

from ..problem import Problem

# per statement language: (input file, output file, standard input, standard output, separator)
WORDS = {
    "en": ("Input file", "Output file", "Input: standard input", "Output: standard output", ". "),
    "zh": ("输入文件", "输出文件", "输入：标准输入", "输出：标准输出", "。"),
    "ru": ("Имя входного файла", "Имя выходного файла", "Ввод: стандартный ввод", "Вывод: стандартный вывод", ". "),
}


def files_line(problem: Problem, lang: str) -> str:
    """'Input file: `game.in`. Output file: `game.out`.' in the statement's language (English for one
    without words here); "" for a problem on standard input and output."""
    io = problem.spec.io
    if not io.files:
        return ""
    infile, outfile, stdin, stdout, sep = WORDS.get(lang, WORDS["en"])
    colon = "：" if lang == "zh" else ": "
    parts = [f"{infile}{colon}`{io.input}`" if io.input_file else stdin,
             f"{outfile}{colon}`{io.output}`" if io.output_file else stdout]
    return sep.join(parts) + sep.strip()


def with_files_line(problem: Problem, lang: str, text: str) -> str:
    """`text` (a rendered statement) opening with the files line, unless it names every file already."""
    line = files_line(problem, lang)
    io = problem.spec.io
    named = all(n in text for n in (io.input_file, io.output_file) if n)
    return text if not line or named else f"{line}\n\n{text}"
