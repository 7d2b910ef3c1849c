(* Str is one of the libraries judges link (unix.cmxa str.cmxa bigarray.cmxa) *)
let () =
  let line = input_line stdin in
  let nums = List.map int_of_string (Str.split (Str.regexp " +") (String.trim line)) in
  Printf.printf "hello %d\n" (List.fold_left ( + ) 0 nums)
