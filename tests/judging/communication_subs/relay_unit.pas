unit task;
interface
function encode(n: longint; const a: array of int64): int64;
function decode(m: int64): int64;
implementation
function encode(n: longint; const a: array of int64): int64;
var i: longint; s: int64;
begin
  s := 0;
  for i := 0 to n - 1 do s := (s + a[i]) mod 1000000007;
  encode := s;
end;
function decode(m: int64): int64;
begin
  decode := m;
end;
end.
