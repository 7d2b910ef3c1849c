// Accepted, in Java: the anti-Nim rule with a fast tokenizer.
import java.io.*;
import java.util.*;

class Main {
    public static void main(String[] args) throws IOException {
        StreamTokenizer in = new StreamTokenizer(new BufferedInputStream(System.in));
        in.nextToken();
        int games = (int) in.nval;
        StringBuilder out = new StringBuilder();
        for (int g = 0; g < games; g++) {
            in.nextToken();
            int n = (int) in.nval;
            int x = 0;
            boolean rich = false;
            for (int i = 0; i < n; i++) {
                in.nextToken();
                int a = (int) in.nval;
                x ^= a;
                if (a > 1) rich = true;
            }
            boolean wins = rich ? x != 0 : n % 2 == 0;
            out.append(wins ? "John" : "Brother").append('\n');
        }
        System.out.print(out);
    }
}
