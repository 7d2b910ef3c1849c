program grader;
uses task;
var n, i: longint; a: array of int64;
begin
  read(n);
  setlength(a, n);
  for i := 0 to n - 1 do read(a[i]);
  writeln(sum_mod(n, a));
end.
