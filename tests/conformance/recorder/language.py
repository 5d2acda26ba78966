"""The workload language (shared/workload-language.md): lexing, parsing and
expression evaluation.  Pure Python, no kernel access.

A workload parses into a list of statements, each a tuple whose first item is
its kind:

    ("call", line, var, name, [expr, ...])
    ("echo", line, value_words, path)
    ("cat", line, path_word)
    ("ls", line, path_word)
    ("ip_add", line, name_word_or_None, kind_word)
    ("ip_del", line, name_word)
    ("repeat", line, expr, body)
    ("for", line, var, expr_a, expr_b, body)

An expression is a nested tuple: ("num", n) | ("var", name) |
("neg", e) | ("bin", op, a, b), and ("ipc_set",) (value 1) for the bare name
IPC_SET as the command of msgctl, shmctl or semctl: `msgctl(id, IPC_SET)` is
IPC_STAT into the buffer, then IPC_SET with it; the number 1 (or any other
expression of value 1) keeps the zeroed buffer.  Words (names, paths, echo
values) keep their `$VAR` / `${VAR}` references and are interpolated at run
time.
"""

import re


class WorkloadError(Exception):
    """A parse error or a runtime error of the workload (exit status 2)."""

    def __init__(self, kind, line, message):
        super().__init__(f"{kind} error: line {line}: {message}" if line else f"{kind} error: {message}")


def parse_error(line, message):
    return WorkloadError("parse", line, message)


def runtime_error(line, message):
    return WorkloadError("runtime", line, message)


CONSTANTS = {
    "IPC_PRIVATE": 0, "IPC_CREAT": 0o1000, "IPC_EXCL": 0o2000, "IPC_NOWAIT": 0o4000,
    "MSG_NOERROR": 0o10000, "MSG_EXCEPT": 0o20000,
    "IPC_RMID": 0, "IPC_STAT": 2, "IPC_INFO": 3,
    "MSG_STAT": 11, "MSG_INFO": 12, "MSG_STAT_ANY": 13,
    "SHM_STAT": 13, "SHM_INFO": 14, "SHM_STAT_ANY": 15,
    "SEM_STAT": 18, "SEM_INFO": 19, "SEM_STAT_ANY": 20,
}

# name -> C types of the parameters; a trailing "int?" is optional (default 0)
CALLS = {
    "msgget": ("int", "int"),
    "msgsnd": ("int", "long", "size_t", "int?"),
    "msgrcv": ("int", "long", "size_t", "int?"),
    "msgctl": ("int", "int"),
    "shmget": ("int", "size_t", "int"),
    "shmctl": ("int", "int"),
    "semget": ("int", "int", "int"),
    "semctl": ("int", "int", "int"),
}

# the *ctl calls -> where their cmd is, the place the bare name IPC_SET means stat-then-set
CTL_CMD_ARG = {"msgctl": 1, "shmctl": 1, "semctl": 2}

SYSCTL_FILES = {
    "msgmax", "msgmnb", "msgmni", "auto_msgmni", "msg_next_id", "sem", "sem_next_id",
    "shmall", "shmmax", "shmmni", "shm_rmid_forced", "shm_next_id",
}

IDENT = r"[A-Za-z_][A-Za-z0-9_]*"
RE_CALL = re.compile(rf"^(?:({IDENT})\s*=\s*)?({IDENT})\s*\((.*)\)$", re.S)
RE_ASSIGN_LIKE = re.compile(rf"^({IDENT})\s*=")
RE_REPEAT = re.compile(r"^repeat\s+(.+)$")
RE_FOR = re.compile(rf"^for\s+(\S+)\s+in\s+(.+?)\.\.(.+)$")
RE_ALNUM = re.compile(r"[0-9A-Za-z_]+")
RE_WORD_VAR = re.compile(rf"\$\{{({IDENT})\}}|\$({IDENT})")
RE_TOKEN = re.compile(rf"\s*(?:(0[xX][0-9A-Fa-f]+)|(0[0-7]*)|([1-9][0-9]*)|({IDENT})|"
                      rf"\$\{{({IDENT})\}}|\$({IDENT})|([|+\-*()]))")


# ---------------------------------------------------------------- expressions

def parse_expr(text, line):
    """Parses an integer expression; returns its tree."""
    tokens = []
    pos = 0
    text = text.rstrip()
    while pos < len(text):
        m = RE_TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise parse_error(line, f"trailing junk in expression '{text.strip()}'")
        hexa, octal, dec, ident, var1, var2, op = m.groups()
        if hexa:
            tokens.append(("num", int(hexa, 16)))
        elif octal:
            tokens.append(("num", int(octal, 8)))
        elif dec:
            tokens.append(("num", int(dec)))
        elif ident:
            tokens.append(("num", CONSTANTS[ident]) if ident in CONSTANTS else ("var", ident))
        elif var1 or var2:
            tokens.append(("var", var1 or var2))
        else:
            tokens.append(("op", op))
        pos = m.end()
        # a literal glued to letters or digits it cannot absorb ("08", "0x", "1a")
        if (hexa or octal or dec) and pos < len(text) and (text[pos].isalnum() or text[pos] == "_"):
            literal = hexa or octal or dec
            bad = RE_ALNUM.match(text, pos - len(literal)).group(0)
            if re.fullmatch(r"0[0-9]+", bad):
                raise parse_error(line, f"bad octal literal '{bad}'")
            raise parse_error(line, f"trailing junk in expression '{text.strip()}'")
    if not tokens:
        raise parse_error(line, "empty expression")
    tree, i = _parse_or(tokens, 0, line, text)
    if i != len(tokens):
        raise parse_error(line, f"trailing junk in expression '{text.strip()}'")
    return tree


def _parse_or(tokens, i, line, text):
    left, i = _parse_sum(tokens, i, line, text)
    while i < len(tokens) and tokens[i] == ("op", "|"):
        right, i = _parse_sum(tokens, i + 1, line, text)
        left = ("bin", "|", left, right)
    return left, i


def _parse_sum(tokens, i, line, text):
    left, i = _parse_product(tokens, i, line, text)
    while i < len(tokens) and tokens[i] in (("op", "+"), ("op", "-")):
        op = tokens[i][1]
        right, i = _parse_product(tokens, i + 1, line, text)
        left = ("bin", op, left, right)
    return left, i


def _parse_product(tokens, i, line, text):
    left, i = _parse_unary(tokens, i, line, text)
    while i < len(tokens) and tokens[i] == ("op", "*"):
        right, i = _parse_unary(tokens, i + 1, line, text)
        left = ("bin", "*", left, right)
    return left, i


def _parse_unary(tokens, i, line, text):
    if i >= len(tokens):
        raise parse_error(line, f"incomplete expression '{text.strip()}'")
    tok = tokens[i]
    if tok == ("op", "-"):
        inner, i = _parse_unary(tokens, i + 1, line, text)
        return ("neg", inner), i
    if tok == ("op", "+"):
        return _parse_unary(tokens, i + 1, line, text)
    if tok == ("op", "("):
        inner, i = _parse_or(tokens, i + 1, line, text)
        if i >= len(tokens) or tokens[i] != ("op", ")"):
            raise parse_error(line, f"missing ) in expression '{text.strip()}'")
        return inner, i + 1
    if tok[0] in ("num", "var"):
        return tok, i + 1
    raise parse_error(line, f"unexpected '{tok[1]}' in expression '{text.strip()}'")


def evaluate(tree, env, line):
    """Evaluates an expression tree on unbounded integers."""
    kind = tree[0]
    if kind == "num":
        return tree[1]
    if kind == "ipc_set":
        return 1
    if kind == "var":
        if tree[1] not in env:
            raise runtime_error(line, f"undefined variable '{tree[1]}'")
        return env[tree[1]]
    if kind == "neg":
        return -evaluate(tree[1], env, line)
    a = evaluate(tree[2], env, line)
    b = evaluate(tree[3], env, line)
    op = tree[1]
    return a | b if op == "|" else a + b if op == "+" else a - b if op == "-" else a * b


def interpolate(word, env, line):
    """Replaces `$VAR` / `${VAR}` in a word by the variable's decimal value."""
    def value(m):
        name = m.group(1) or m.group(2)
        if name not in env:
            raise runtime_error(line, f"undefined variable '{name}'")
        return str(env[name])
    return RE_WORD_VAR.sub(value, word)


# ---------------------------------------------------------------- statements

def _pieces(text):
    """Splits the workload into ("stmt", text, line), ("{", line), ("}", line)."""
    out = []
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.split("#", 1)[0]
        current = []
        in_braced_var = False
        i = 0
        while i < len(line):
            c = line[i]
            if c == "$" and line.startswith("${", i):
                in_braced_var = True
                current.append("${")
                i += 2
                continue
            if in_braced_var:
                current.append(c)
                in_braced_var = c != "}"
            elif c in ";{}":
                stmt = "".join(current).strip()
                if stmt:
                    out.append(("stmt", stmt, number))
                current = []
                if c != ";":
                    out.append((c, number))
            else:
                current.append(c)
            i += 1
        stmt = "".join(current).strip()
        if stmt:
            out.append(("stmt", stmt, number))
    return out


def parse_workload(text):
    """Parses a workload; returns its statement list or raises WorkloadError."""
    pieces = _pieces(text)
    body, i = _parse_block(pieces, 0, top=True)
    return body


def _parse_block(pieces, i, top):
    body = []
    while i < len(pieces):
        piece = pieces[i]
        if piece[0] == "}":
            if top:
                raise parse_error(piece[1], "unmatched }")
            return body, i + 1
        if piece[0] == "{":
            raise parse_error(piece[1], "unexpected {")
        stmt = _parse_statement(piece[1], piece[2])
        i += 1
        if stmt[0] in ("repeat", "for"):
            if i >= len(pieces) or pieces[i][0] != "{":
                raise parse_error(piece[2], f"{stmt[0]} needs a {{ block }}")
            block, i = _parse_block(pieces, i + 1, top=False)
            stmt = stmt + (block,)
        body.append(stmt)
    if not top:
        raise parse_error(0, "missing }")
    return body, i


def _split_args(text, line):
    args, depth, current = [], 0, []
    for c in text:
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth < 0:
                raise parse_error(line, "unbalanced )")
        if c == "," and depth == 0:
            args.append("".join(current))
            current = []
        else:
            current.append(c)
    args.append("".join(current))
    if len(args) == 1 and not args[0].strip():
        return []
    return args


def _parse_statement(text, line):
    words = text.split()
    head = words[0]
    if head == "repeat" and RE_REPEAT.match(text):
        return ("repeat", line, parse_expr(RE_REPEAT.match(text).group(1), line))
    if head == "for" and RE_FOR.match(text):
        var, a, b = RE_FOR.match(text).groups()
        if not re.fullmatch(IDENT, var):
            raise parse_error(line, f"cannot parse statement '{text}'")
        if var in CONSTANTS:
            raise parse_error(line, f"cannot use constant {var} as loop variable")
        return ("for", line, var, parse_expr(a, line), parse_expr(b, line))
    if head == "echo" or head.startswith("echo>"):
        return _parse_echo(text, line)
    if head == "cat" and len(words) == 2:
        return ("cat", line, words[1])
    if head == "ls" and len(words) == 3 and words[1] == "-U":
        return ("ls", line, words[2])
    if head == "ip":
        return _parse_ip(words, text, line)
    m = RE_CALL.match(text)
    if m:
        var, name, args = m.groups()
        if name not in CALLS:
            raise parse_error(line, f"unknown call '{name}'")
        if var in CONSTANTS:
            raise parse_error(line, f"cannot assign to constant {var}")
        params = CALLS[name]
        lo = sum(1 for p in params if not p.endswith("?"))
        exprs = _split_args(args, line)
        if not lo <= len(exprs) <= len(params):
            raise parse_error(line, f"{name} takes {lo}..{len(params)} arguments, got {len(exprs)}")
        trees = [parse_expr(e, line) for e in exprs]
        cmd = CTL_CMD_ARG.get(name)
        if cmd is not None and trees[cmd] == ("var", "IPC_SET"):
            trees[cmd] = ("ipc_set",)   # IPC_STAT, then IPC_SET with the same buffer
        return ("call", line, var, name, trees)
    raise parse_error(line, f"cannot parse statement '{text}'")


def _parse_echo(text, line):
    rest = text[4:]
    if ">" not in rest:
        raise parse_error(line, f"cannot parse statement '{text}'")
    value, _, path = rest.rpartition(">")
    path = path.strip()
    if not path or len(path.split()) != 1:
        raise parse_error(line, f"cannot parse statement '{text}'")
    if "$" in path:
        raise parse_error(line, "variable in sysctl path not allowed")
    if not sysctl_allowed(path):
        raise parse_error(line, f"refusing to write {path}: it is not an IPC-namespaced sysctl")
    return ("echo", line, value.split(), path)


def sysctl_allowed(path):
    """Only sysctls that a fresh IPC (or network) namespace isolates may be written."""
    parts = path.split("/")
    if any(p in ("", ".", "..") for p in parts[1:]) or parts[0] != "":
        return False
    if len(parts) == 5 and parts[1:4] == ["proc", "sys", "kernel"]:
        return parts[4] in SYSCTL_FILES
    if len(parts) == 6 and parts[1:5] == ["proc", "sys", "fs", "mqueue"]:
        return True
    return len(parts) >= 5 and parts[1:4] == ["proc", "sys", "net"]


def _parse_ip(words, text, line):
    args = words[1:]
    if len(args) >= 2 and args[0] == "link" and args[1] == "add":
        rest = args[2:]
        if rest[:1] == ["name"] and len(rest) == 4 and rest[2] == "type":
            return ("ip_add", line, rest[1], rest[3])
        if len(rest) == 3 and rest[1] == "type":
            return ("ip_add", line, rest[0], rest[2])
        if len(rest) == 2 and rest[0] == "type":
            return ("ip_add", line, None, rest[1])
    if len(args) >= 2 and args[0] == "link" and args[1] in ("del", "delete"):
        rest = args[2:]
        if rest[:1] == ["dev"]:
            rest = rest[1:]
        if len(rest) == 1:
            return ("ip_del", line, rest[0])
    raise parse_error(line, f"unsupported ip command '{' '.join(words)}'")


def needs_netns(statements):
    """True when the workload touches the network namespace (ip lines, /net paths)."""
    for stmt in statements:
        kind = stmt[0]
        if kind in ("ip_add", "ip_del"):
            return True
        if kind in ("cat", "ls") and "/net" in stmt[2]:
            return True
        if kind == "echo" and "/net" in stmt[3]:
            return True
        if kind in ("repeat", "for") and needs_netns(stmt[-1]):
            return True
    return False
