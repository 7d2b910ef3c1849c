// The Java grader: its class `grader` holds main; the submission is class `task` (task.java).
import java.io.*;
import java.util.*;

public class grader {
    public static void main(String[] args) throws IOException {
        StreamTokenizer in = new StreamTokenizer(new BufferedInputStream(System.in));
        in.resetSyntax();
        in.wordChars('0', '9');
        in.wordChars('-', '-');
        in.whitespaceChars(0, ' ');
        in.nextToken();
        int n = Integer.parseInt(in.sval);
        long[] a = new long[n];
        for (int i = 0; i < n; i++) {
            in.nextToken();
            a[i] = Long.parseLong(in.sval);
        }
        System.out.println(new task().sum_mod(n, a));
    }
}
