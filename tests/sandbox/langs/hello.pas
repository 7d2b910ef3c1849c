{ goto and a C-style operator: old contest code needs the -Sgic judges compile with }
program hello;
label done;
var a, b: int64;
begin
  readln(a, b);
  a += b;
  writeln('hello ', a);
  goto done;
  writeln('not reached');
done:
end.
