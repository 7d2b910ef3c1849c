"""Math goes into the exported .tex as the statement wrote it (it is LaTeX already), so it is the one place a
statement could make a downstream LaTeX run (a judge's, a printer's) read or write files, run programs or
redefine what follows. A formula may use only the control sequences of ALLOWED (standard math: letters,
operators, relations, fonts, accents, delimiters, spacing) and the environments of ENVIRONMENTS; anything
else is refused, with a pointed message for the known primitives of FORBIDDEN. Everything else in the .tex
is escaped.
"""

from __future__ import annotations

import re

from .model import StatementError

# Control sequences no formula needs: file and shell access, reading or writing streams, redefinition (which is
# how the others get built from harmless pieces), catcode changes, and the engine hooks that run code.
FORBIDDEN = frozenset("""
input include includeonly InputIfFileExists IfFileExists endinput openin openout closein closeout read readline
write immediate write18 ShellEscape directlua latelua luaexec luadirect special pdfximage pdffiledump
pdfmdfivesum pdffilesize pdffilemoddate includegraphics lstinputlisting verbatiminput usepackage RequirePackage
catcode lccode uccode sfcode mathcode delcode scantokens csname expandafter lowercase uppercase
def edef gdef xdef let futurelet global long outer protected chardef mathchardef countdef toksdef
newcommand renewcommand providecommand DeclareRobustCommand NewDocumentCommand RenewDocumentCommand
newenvironment renewenvironment newwrite newread everyeof everyjob everypar everymath everydisplay
makeatletter jobname documentclass
""".split())

# What a formula may use: an allowlist, since TeX has more ways in than any blocklist names (a package's own
# \@input, a LuaTeX primitive, a macro a class defines). Control symbols are the spacing and escaped characters.
ALLOWED = frozenset("""
alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa varkappa lambda mu nu xi omicron pi
varpi rho varrho sigma varsigma tau upsilon phi varphi chi psi omega Gamma Delta Theta Lambda Xi Pi Sigma Upsilon
Phi Psi Omega aleph hbar ell imath jmath wp Re Im
pm mp times div cdot cdotp ast star circ bullet oplus ominus otimes oslash odot cup cap sqcup sqcap uplus vee wedge
land lor lnot neg setminus smallsetminus wr amalg dagger ddagger diamond triangleleft triangleright bigtriangleup
bigtriangledown
le leq ge geq leqslant geqslant lt gt ne neq equiv approx approxeq sim simeq cong propto doteq ll gg lll ggg prec
succ preceq succeq subset supset subseteq supseteq subsetneq supsetneq nsubseteq sqsubseteq sqsupseteq in ni
notin owns mid nmid parallel nparallel perp models vdash dashv asymp bowtie nleq ngeq nless ngtr lesssim gtrsim
to gets rightarrow leftarrow leftrightarrow Rightarrow Leftarrow Leftrightarrow longrightarrow longleftarrow
longleftrightarrow Longrightarrow Longleftarrow Longleftrightarrow mapsto longmapsto implies impliedby iff
uparrow downarrow updownarrow Uparrow Downarrow Updownarrow nearrow searrow swarrow nwarrow hookrightarrow
hookleftarrow rightharpoonup leftharpoonup xrightarrow xleftarrow
sum prod coprod int iint iiint oint bigcup bigcap bigsqcup bigvee bigwedge bigoplus bigotimes bigodot biguplus
lim limsup liminf sup inf max min arg det dim exp gcd hom ker lg ln log Pr deg sin cos tan cot sec csc arcsin
arccos arctan sinh cosh tanh coth bmod pmod mod operatorname limits nolimits
frac dfrac tfrac cfrac binom dbinom tbinom choose over atop sqrt root of
mathrm mathbf mathit mathsf mathtt mathcal mathbb mathfrak mathnormal boldsymbol rm bf it sf tt cal
text textrm textbf textit textsf texttt textup textnormal emph mbox hbox
hat widehat bar overline underline vec overrightarrow overleftarrow dot ddot tilde widetilde check breve acute
grave mathring overbrace underbrace overset underset stackrel substack boxed not
left right middle big Big bigg Bigg bigl bigr Bigl Bigr biggl biggr Biggl Biggr bigm Bigm
langle rangle lfloor rfloor lceil rceil lvert rvert lVert rVert vert Vert backslash lbrace rbrace lbrack rbrack
ldots cdots vdots ddots dots dotsc dotsb dotsm dotsi
infty partial nabla forall exists nexists emptyset varnothing prime angle measuredangle triangle square Box
blacksquare top bot flat natural sharp clubsuit diamondsuit heartsuit spadesuit surd therefore because
quad qquad enspace thinspace medspace thickspace negthinspace hspace hphantom vphantom phantom smash strut
displaystyle textstyle scriptstyle scriptscriptstyle mathop mathrel mathbin mathord mathopen mathclose mathpunct
hline cline tag notag nonumber
""".split()) | frozenset("\\,;:!> {}|#$%&_/")

# \begin / \end only of what a formula uses (a verbatim or filecontents environment must not open or close here).
ENVIRONMENTS = frozenset("""
matrix pmatrix bmatrix Bmatrix vmatrix Vmatrix smallmatrix cases dcases array subarray aligned alignedat gathered
split align align* gather gather* multline multline* equation equation*
""".split())

_TOKEN = re.compile(r"\\((?:[^\W\d_]|@)+|.)|(\^\^)", re.S)   # XeTeX: any Unicode letter makes a name
_ENV = re.compile(r"\s*\{([^{}]*)\}")


def check_math(latex: str, where: str) -> str:
    """`latex` with `%` made a percent sign (a comment would swallow the closing `$`), or a StatementError."""
    for m in _TOKEN.finditer(latex):
        if m.group(2):   # ^^5c is a backslash to TeX: \input spelled so that no scan sees it
            raise StatementError(f"{where}: the formula ${latex}$ uses ^^, which LaTeX reads as an escaped "
                                 "character; refused")
        if m.group(1) in FORBIDDEN:
            raise StatementError(f"{where}: the formula ${latex}$ uses \\{m.group(1)}, which a LaTeX run could "
                                 "use to read or write files, run programs or redefine the document; refused")
        if m.group(1) not in ALLOWED and m.group(1) not in ("begin", "end"):
            raise StatementError(f"{where}: the formula ${latex}$ uses \\{_shown(m.group(1))}, "
                                 "which is not among the control sequences a formula may use (standard math: "
                                 "letters, operators, relations, fonts, accents, delimiters, spacing); refused")
        if m.group(1) in ("begin", "end"):
            env = _ENV.match(latex, m.end())
            if not env or env.group(1) not in ENVIRONMENTS:
                raise StatementError(f"{where}: the formula ${latex}$ has \\{m.group(1)} of "
                                     f"{'{' + env.group(1) + '}' if env else 'no environment'}; formulas may use "
                                     f"only {', '.join(sorted(ENVIRONMENTS))}")
    return re.sub(r"(?<!\\)((?:\\\\)*)%", r"\1\\%", latex)


def _shown(name: str) -> str:
    return name if name.isprintable() else name.encode("unicode_escape").decode()
