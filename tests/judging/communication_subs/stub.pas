{ A Pascal stub: the program, which uses the submission's unit task. }
program stub;
uses task;
var fin, fout: text; n, i: longint; a: array of int64; m: int64;
begin
  assign(fin, paramstr(1)); reset(fin);
  assign(fout, paramstr(2)); rewrite(fout);
  if paramstr(3) = '0' then
  begin
    read(fin, n);
    setlength(a, n);
    for i := 0 to n - 1 do read(fin, a[i]);
    writeln(fout, encode(n, a));
  end
  else
  begin
    read(fin, m);
    writeln(fout, decode(m));
  end;
  close(fout);
end.
