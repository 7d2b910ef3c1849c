// The same in Java: the class is `task`, as the grader calls it.
public class task {
    public long sum_mod(int n, long[] a) {
        long s = 0;
        for (int i = 0; i < n; i++) s = (s + a[i]) % 1000000007L;
        return s;
    }
}
