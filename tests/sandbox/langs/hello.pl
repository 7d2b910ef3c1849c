% Prolog, as Kattis and BAPCtools take .pl: the program starts at main/0
main :-
    read_line_to_string(user_input, Line),
    split_string(Line, " ", " ", [A, B]),
    number_string(X, A), number_string(Y, B),
    Z is X + Y,
    format("hello ~d~n", [Z]).
